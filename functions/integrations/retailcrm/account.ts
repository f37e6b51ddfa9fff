import type { Integration } from '../../../db/schema';
import type { EngineContext } from '../../engine/context';
import type { AppSettings } from '../../ports';
import { hmacHex } from '../../shared/hmac-hex';
import { retailSystemUrl } from '../../shared/retailcrm';
import { timingSafeEqual } from '../../shared/same-secret';
import { openConnectionSecret } from '../connection-secrets';
import { apiRootFor, fetchFor } from '../module';
import { createRetailClient, type RetailClient } from './client';

/**
 * A RetailCRM account as the module reaches it (reference/crm.md §3.1): its address and API key
 * from the marketplace's "simple connection", the module's code and the partner secret from the
 * server's configuration (RETAILCRM_MODULE_CODE, RETAILCRM_SECRET).
 */

export class RetailNotConnected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'RetailNotConnected';
  }
}

/** The module registered in RetailCRM's marketplace; null while the server has none configured. */
export const retailModuleOf = (settings: AppSettings) => {
  const client = settings.oauthClients?.retailcrm;
  return client ? { code: client.id, secret: client.secret } : null;
};

/** Whether `token` is the HMAC RetailCRM computed of the API key with the module's secret. */
export async function isRetailToken(secret: string, apiKey: string, token: string): Promise<boolean> {
  const expected = new TextEncoder().encode(hmacHex(secret, apiKey));
  return timingSafeEqual(expected, new TextEncoder().encode(token.trim().toLowerCase()));
}

export const retailText = (integration: Integration, field: string) => {
  const value = integration.connectionData[field];
  return typeof value === 'string' ? value : '';
};

export async function retailAccountOf(settings: AppSettings, integration: Integration) {
  const systemUrl = retailSystemUrl(retailText(integration, 'system_url'));
  if (!systemUrl) throw new RetailNotConnected('the account address is not a RetailCRM one');
  const apiKey = await openConnectionSecret(settings.secretsKey, integration, 'api_key');
  if (!apiKey) throw new RetailNotConnected('no API key');
  return { systemUrl, apiKey, base: apiRootFor(settings, 'retailcrm', systemUrl) };
}

export async function withRetailApi<T>(
  ctx: EngineContext,
  integration: Integration,
  work: (api: RetailClient) => Promise<T>,
): Promise<T> {
  const account = await retailAccountOf(ctx.settings, integration);
  return work(
    createRetailClient({
      base: account.base,
      apiKey: account.apiKey,
      throttleKey: `retailcrm:${account.systemUrl}`,
      site: retailText(integration, 'site') || undefined,
      fetch: fetchFor(ctx.settings, 'retailcrm'),
    }),
  );
}
