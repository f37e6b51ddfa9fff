import { readBitrixInstall, sealInstallTicket } from '../../integrations/bitrix/install';
import type { ServiceContext } from '../context';

/**
 * POST /api/webhooks/bitrix/install: Bitrix24 installs or opens the application (reference/crm.md
 * §2.1). No one is signed in here: the portal's data is sealed into a ticket and the page shown in
 * Bitrix24's frame finishes the installation there and sends the administrator to the product's
 * /integrations/bitrix with the portal's name and the ticket (SPEC §3 Bitrix install data), where a
 * signed-in user confirms it. A request that is not an install gets a page saying so (400).
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<script src="https://api.bitrix24.com/api/v1/"></script>
<style>body{font-family:system-ui,sans-serif;margin:40px auto;max-width:560px;padding:0 16px;color:#1a1b1e}
a.button{display:inline-block;background:#228be6;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none}</style>
</head><body>${body}</body></html>`;
}

export async function receiveBitrixInstall(
  ctx: ServiceContext,
  form: Record<string, unknown>,
  query: (name: string) => string | undefined,
): Promise<{ status: 200 | 400; html: string }> {
  const install = readBitrixInstall(form, query);
  if (!install) {
    return {
      status: 400,
      html: page(
        'onchat',
        '<h1>onchat</h1><p>Это не установка приложения Bitrix24: откройте onchat из Bitrix24.</p>',
      ),
    };
  }
  const ticket = await sealInstallTicket(ctx.settings.secretsKey, install, ctx.ports.clock.now());
  const target = new URL('/integrations/bitrix', ctx.settings.publicUrl);
  target.search = new URLSearchParams({
    DOMAIN: install.domain,
    member_id: install.memberId,
    install: ticket,
  }).toString();
  const link = escapeHtml(target.toString());
  return {
    status: 200,
    html: page(
      'onchat для Bitrix24',
      `<h1>onchat установлен в ${escapeHtml(install.domain)}</h1>
<p>Осталось подтвердить подключение в onchat: войдите в свой аккаунт и нажмите «Подключить».</p>
<p><a class="button" href="${link}" target="_blank" rel="noopener" data-testid="bitrix-open">Открыть onchat и подключить</a></p>
<script>if (window.BX24) BX24.init(function () { BX24.installFinish(); });</script>`,
    ),
  };
}
