import { integrations } from '../../../db/schema';
import { openAmoInstall, readAmoRedirect, sealAmoInstall } from '../../integrations/amocrm/install';
import { sealConnectionData } from '../../integrations/connection-secrets';
import { takeConsentState } from '../../integrations/oauth-consent';
import { type AmoType, amoTypeOfRedirect } from '../../shared/amocrm';
import { AppError, notFound } from '../../shared/app-error';
import type { AccountContext, ServiceContext } from '../context';
import { connectIntegration } from './connect-integration';
import { integrationNotFound, ownIntegration, ownIntegrationWhere } from './own-integration';

/**
 * amoCRM / Kommo's consent, started and finished here (reference/crm.md §1.2):
 * - POST /api/integrations/{id}/consent (start-consent.ts): the consent page's address with a fresh
 *   single-use state bound to the account and the integration;
 * - POST /api/webhooks/amo/install: the return to /amo/install, handed over by the browser at once,
 *   sealed into a ticket (no session: the owner may sign in first);
 * - POST /api/integrations/amo/finish: a signed-in owner finishes a ticket that came back with the
 *   state their account was issued; anything else (another account's, spent, unknown) finishes
 *   nothing. A ticket without a state (amoCRM's market) is confirmed on screen instead and comes in
 *   as a new integration's `install`.
 */

const installInvalid = () => new AppError('integration_connect_failed', 'integration_install_invalid');

export interface AmoInstallAnswer {
  type: AmoType;
  /** The account's domain, as the confirmation names it. */
  account: string;
  ticket: string;
  /** It came back with a state: a consent started here, finished without a confirmation. */
  consent: boolean;
}

export async function receiveAmoInstall(
  ctx: ServiceContext,
  body: Record<string, unknown>,
): Promise<AmoInstallAnswer> {
  const referer = typeof body.referer === 'string' ? body.referer : '';
  const platform = typeof body.platform === 'string' ? body.platform : null;
  const install = readAmoRedirect({ ...body, type: amoTypeOfRedirect(referer, platform) });
  if (!install) throw new AppError('bad_request', 'amo_install_refused');
  const ticket = await sealAmoInstall(ctx.settings.secretsKey, install, ctx.ports.clock.now());
  return { type: install.type, account: install.referer, ticket, consent: install.state !== '' };
}

export async function finishAmoConsent(ctx: AccountContext, ticket: unknown) {
  const install = await openAmoInstall(ctx.settings.secretsKey, ticket, ctx.ports.clock.now());
  if (!install?.state) throw installInvalid();
  const consent = await takeConsentState(
    ctx.ports.kv,
    install.state,
    (started) => started.accountId === ctx.account.id,
  );
  if (consent === 'foreign') throw notFound('integration_install_invalid');
  if (consent === 'unknown' || consent.type !== install.type) throw installInvalid();
  const row = await ownIntegration(ctx, consent.integrationId);
  const [saved] = await ctx.ports.db
    .update(integrations)
    .set({
      connectionData: await sealConnectionData(ctx.settings.secretsKey, row.type, {
        ...row.connectionData,
        code: install.code,
        referer: install.referer,
      }),
    })
    .where(ownIntegrationWhere(ctx, row.id))
    .returning();
  if (!saved) throw integrationNotFound();
  return connectIntegration(ctx, saved.id);
}
