import { isRetailToken, retailModuleOf } from '../../integrations/retailcrm/account';
import { sealRetailInstall } from '../../integrations/retailcrm/install';
import { retailSystemUrl } from '../../shared/retailcrm';
import type { ServiceContext } from '../context';

/**
 * RetailCRM's marketplace "simple connection" (reference/crm.md §3.1). The module's configUrl tells
 * the marketplace which rights it needs and where to register; on "Connect" RetailCRM posts the
 * account's address and API key with a token = HMAC-SHA256(key, module secret). Nobody is signed in
 * here: a triple that checks out is sealed into a short-lived ticket and answered with the address
 * where a signed-in user of ours confirms it (/integrations/retailcrm with the account's host and
 * the ticket, SPEC §3 pending confirmation), which the marketplace shows as the module's account
 * link. The triple is checked again on connecting.
 */

export const RETAILCRM_SCOPES = [
  'order_read',
  'order_write',
  'customer_read',
  'customer_write',
  'task_read',
  'task_write',
  'user_read',
  'reference_read',
  'custom_fields_read',
  'integration_read',
  'integration_write',
] as const;

const base = (ctx: ServiceContext) => ctx.settings.publicUrl.replace(/\/+$/, '');

export const RETAILCRM_REGISTER_PATH = '/api/webhooks/retailcrm/register';

export function retailConfig(ctx: ServiceContext) {
  return { scopes: RETAILCRM_SCOPES, registerUrl: `${base(ctx)}${RETAILCRM_REGISTER_PATH}` };
}

type RegisterAnswer =
  | { status: 200; body: { success: true; accountUrl: string } }
  | { status: 400 | 403 | 503; body: { success: false; errorMsg: string } };

const field = (form: Record<string, unknown>, name: string) => {
  const nested = form.register;
  const value =
    form[`register[${name}]`] ??
    (typeof nested === 'object' && nested !== null ? (nested as Record<string, unknown>)[name] : undefined);
  return typeof value === 'string' ? value.trim() : '';
};

export async function receiveRetailRegister(
  ctx: ServiceContext,
  form: Record<string, unknown>,
): Promise<RegisterAnswer> {
  const module = retailModuleOf(ctx.settings);
  if (!module) return { status: 503, body: { success: false, errorMsg: 'The module is not configured' } };
  const apiKey = field(form, 'apiKey');
  const token = field(form, 'token');
  const systemUrl = retailSystemUrl(field(form, 'systemUrl'));
  if (!apiKey || !token || !systemUrl) {
    return { status: 400, body: { success: false, errorMsg: 'apiKey, systemUrl and token are required' } };
  }
  if (!(await isRetailToken(module.secret, apiKey, token))) {
    return { status: 403, body: { success: false, errorMsg: 'Wrong token' } };
  }
  const ticket = await sealRetailInstall(
    ctx.settings.secretsKey,
    { systemUrl, apiKey, token },
    ctx.ports.clock.now(),
  );
  const target = new URL('/integrations/retailcrm', base(ctx));
  // The key and token travel sealed: the link lands in the marketplace, the browser's history and logs.
  target.search = new URLSearchParams({ account: new URL(systemUrl).host, install: ticket }).toString();
  return { status: 200, body: { success: true, accountUrl: target.toString() } };
}
