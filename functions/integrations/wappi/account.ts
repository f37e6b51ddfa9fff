import { and, eq, ne, sql } from 'drizzle-orm';
import { type Integration, integrations } from '../../../db/schema';
import type { AppSettings } from '../../ports';
import type { ServiceContext } from '../../services/context';
import { CONNECTED_AT } from '../../shared/integration-catalogue';
import { WAPPI_PROFILE_PATTERN, WAPPI_TOKEN_PATTERN } from '../../shared/wappi';
import { openConnectionSecret } from '../connection-secrets';
import { apiRootFor } from '../module';
import { createWappiClient } from './client';

/**
 * What a Wappi integration keeps (the catalogue's fields): the owner's API token and profile id, the
 * webhook secret connecting made, and what was learned of the profile (its name, number, whether
 * the phone is authorised). Secrets are opened only here, where they are used.
 */

/** Wappi's public host; WAPPI_API_ROOT (settings.apiRoots.wappi) replaces it (a proxy, a fake). */
export const WAPPI_PUBLIC_ROOT = 'https://wappi.pro';

/** A 429 is waited out this many times before a call fails. */
const RATE_LIMIT_RETRIES = 3;

/** The profile the integration names (connection_data.profile_id), when it has a profile id's shape. */
export const wappiProfileId = (integration: Pick<Integration, 'connectionData'>): string | null => {
  const id = integration.connectionData.profile_id;
  return typeof id === 'string' && WAPPI_PROFILE_PATTERN.test(id.trim()) ? id.trim() : null;
};

/** The token the owner saved, when it has a token's shape. Throws SecretUnreadable when it does not open. */
export async function wappiToken(settings: AppSettings, integration: Integration): Promise<string | null> {
  const token = (await openConnectionSecret(settings.secretsKey, integration, 'api_key'))?.trim();
  return token && WAPPI_TOKEN_PATTERN.test(token) ? token : null;
}

/** The secret the webhook address carries; null before the first connection. */
export const wappiWebhookSecret = (settings: AppSettings, integration: Integration) =>
  openConnectionSecret(settings.secretsKey, integration, 'webhook_secret');

export const wappiClient = (settings: AppSettings, token: string, profileId: string) =>
  createWappiClient({
    token,
    profileId,
    apiRoot: `${apiRootFor(settings, 'wappi', WAPPI_PUBLIC_ROOT)}/api`,
    rateLimitRetries: RATE_LIMIT_RETRIES,
  });

/**
 * The client for the integration's profile; null when the token or the profile id is missing or
 * malformed. Throws SecretUnreadable when the token does not open.
 */
export async function wappiClientOf(settings: AppSettings, integration: Integration) {
  const profileId = wappiProfileId(integration);
  const token = await wappiToken(settings, integration);
  return profileId && token ? wappiClient(settings, token, profileId) : null;
}

/**
 * Writes what was learned of the profile (never a setting or a secret) into the stored
 * connection_data, merged, so a concurrent save of the owner's settings is not undone; with
 * `accountId`, the external account id too. Nothing is written to an integration no longer connected.
 */
export async function rememberProfile(
  ctx: ServiceContext,
  integration: Integration,
  learned: { authorized?: boolean; phone?: string | null },
  accountId?: string | null,
): Promise<void> {
  await ctx.ports.db
    .update(integrations)
    .set({
      connectionData: sql`${integrations.connectionData} || ${JSON.stringify(learned)}::jsonb`,
      ...(accountId === undefined ? {} : { integrationAccountId: accountId }),
    })
    .where(and(eq(integrations.id, integration.id), sql`${integrations.connectionData} ? ${CONNECTED_AT}`));
}

/**
 * Whether another connected integration names the same profile (the owner connected it again under a
 * new integration, or in another account): the profile's webhook and the profile itself are then
 * that integration's too, and are not touched when this one lets go.
 */
export async function profileUsedElsewhere(ctx: ServiceContext, integration: Integration): Promise<boolean> {
  const profileId = wappiProfileId(integration);
  if (!profileId) return false;
  const [other] = await ctx.ports.db
    .select({ id: integrations.id })
    .from(integrations)
    .where(
      and(
        eq(integrations.type, 'wappi'),
        ne(integrations.id, integration.id),
        sql`${integrations.connectionData} ->> 'profile_id' = ${profileId}`,
        sql`${integrations.connectionData} ? ${CONNECTED_AT}`,
      ),
    )
    .limit(1);
  return Boolean(other);
}
