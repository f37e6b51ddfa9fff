import { and, eq, ne, sql } from 'drizzle-orm';
import { type Integration, integrations } from '../../../db/schema';
import type { AppSettings } from '../../ports';
import type { ServiceContext } from '../../services/context';
import { hmacHex } from '../../shared/hmac-hex';
import { CONNECTED_AT } from '../../shared/integration-catalogue';
import {
  WHATSAPP_APP_SECRET_PATTERN,
  WHATSAPP_ID_PATTERN,
  WHATSAPP_TOKEN_PATTERN,
} from '../../shared/whatsapp-cloud';
import { openConnectionSecret } from '../connection-secrets';
import { apiRootFor, fetchFor } from '../module';
import { createGraphClient } from './client';

/**
 * What a WhatsApp Cloud API integration keeps (the catalogue's fields): the phone number id and the
 * WABA id the owner typed, their system-user token and app secret (sealed), and what connecting
 * learned or made (the number as Meta shows it, the verify token, the webhook address). Secrets
 * are opened only here, where they are used.
 */

/** Meta's Graph host; WHATSAPP_API_ROOT (settings.apiRoots.whatsapp) replaces it (a proxy, a fake). */
export const GRAPH_PUBLIC_ROOT = 'https://graph.facebook.com';

/** A rate limit is waited out this many times (1 s, then 4 s) before a send fails. */
const RATE_LIMIT_RETRIES = 2;

const idOf = (integration: Pick<Integration, 'connectionData'>, field: string): string | null => {
  const id = integration.connectionData[field];
  return typeof id === 'string' && WHATSAPP_ID_PATTERN.test(id.trim()) ? id.trim() : null;
};

export const phoneNumberIdOf = (integration: Pick<Integration, 'connectionData'>) =>
  idOf(integration, 'phone_number_id');
export const wabaIdOf = (integration: Pick<Integration, 'connectionData'>) => idOf(integration, 'waba_id');

/**
 * The verify token of the GET handshake, which the owner pastes into Meta's dashboard: derived from
 * the server's key and the integration's id, so it stays the same across a reset and a reconnect
 * (what the owner pasted keeps working) and is no other integration's.
 */
export const verifyTokenFor = (settings: AppSettings, integration: Pick<Integration, 'id'>) =>
  hmacHex(settings.secretsKey, `whatsapp-verify-token:${integration.id}`).slice(0, 40);

/** The app secret that keys the webhooks' signature. Throws SecretUnreadable when it does not open. */
export async function appSecretOf(settings: AppSettings, integration: Integration): Promise<string | null> {
  const secret = (await openConnectionSecret(settings.secretsKey, integration, 'app_secret'))?.trim();
  return secret && WHATSAPP_APP_SECRET_PATTERN.test(secret) ? secret : null;
}

/**
 * The Graph client of the integration's token and app secret; null when either is missing or
 * malformed. Throws SecretUnreadable when one does not open.
 */
export async function graphClientOf(settings: AppSettings, integration: Integration) {
  const token = (await openConnectionSecret(settings.secretsKey, integration, 'access_token'))?.trim();
  const appSecret = await appSecretOf(settings, integration);
  if (!token || !WHATSAPP_TOKEN_PATTERN.test(token) || !appSecret) return null;
  return createGraphClient({
    token,
    appSecret,
    apiRoot: apiRootFor(settings, 'whatsapp', GRAPH_PUBLIC_ROOT),
    fetch: fetchFor(settings, 'whatsapp'),
    rateLimitRetries: RATE_LIMIT_RETRIES,
  });
}

/**
 * Writes what was learned (never a setting or a secret) into the stored connection_data, merged, so
 * a concurrent save of the owner's settings is not undone; nothing is written to an integration no
 * longer connected.
 */
export async function rememberLearned(
  ctx: ServiceContext,
  integration: Integration,
  learned: Record<string, unknown>,
): Promise<void> {
  await ctx.ports.db
    .update(integrations)
    .set({ connectionData: sql`${integrations.connectionData} || ${JSON.stringify(learned)}::jsonb` })
    .where(and(eq(integrations.id, integration.id), sql`${integrations.connectionData} ? ${CONNECTED_AT}`));
}

/**
 * Whether another connected integration names the same WABA: the app's subscription to it is then
 * that integration's too, and is not undone when this one lets go.
 */
export async function wabaUsedElsewhere(ctx: ServiceContext, integration: Integration): Promise<boolean> {
  const wabaId = wabaIdOf(integration);
  if (!wabaId) return false;
  const [other] = await ctx.ports.db
    .select({ id: integrations.id })
    .from(integrations)
    .where(
      and(
        eq(integrations.type, 'whatsapp'),
        ne(integrations.id, integration.id),
        sql`${integrations.connectionData} ->> 'waba_id' = ${wabaId}`,
        sql`${integrations.connectionData} ? ${CONNECTED_AT}`,
      ),
    )
    .limit(1);
  return Boolean(other);
}
