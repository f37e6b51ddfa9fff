import type { Integration } from '../../../db/schema';
import type { AppSettings, Ports } from '../../ports';
import { AVITO_CLIENT_ID_PATTERN, AVITO_CLIENT_SECRET_PATTERN } from '../../shared/avito';
import { openConnectionSecret } from '../connection-secrets';
import { apiRootFor, fetchFor, webhookUrl } from '../module';
import { type AvitoToken, createAvitoClient, issueAvitoToken } from './client';
import { avitoTokenKey, cachedTokenSource } from './tokens';

/**
 * What an Avito integration keeps (the catalogue's fields): the client id and the sealed client
 * secret of the owner's Avito account (its "API для бизнеса" page), the webhook secret connecting
 * made, and what was learned of the account (its user id, which every webhook names, and its name).
 */

/** Avito's public API host; AVITO_API_ROOT (settings.apiRoots.avito) replaces it (a proxy, a fake). */
export const AVITO_PUBLIC_ROOT = 'https://api.avito.ru';

/** A 429 is waited out this many times before a call fails. */
const RATE_LIMIT_RETRIES = 3;

/** The query parameter the webhook secret rides in. */
export const SECRET_PARAMETER = 'secret';

export interface AvitoCredentials {
  clientId: string;
  clientSecret: string;
}

/** What a module call runs with: in a request, or in a job. */
export interface AvitoContext {
  ports: Ports;
  settings: AppSettings;
}

/**
 * The client id and secret the owner saved, when both have their shape. Throws SecretUnreadable
 * when the secret does not open.
 */
export async function avitoCredentials(
  settings: AppSettings,
  integration: Integration,
): Promise<AvitoCredentials | null> {
  const id = integration.connectionData.client_id;
  const clientId = typeof id === 'string' ? id.trim() : '';
  const clientSecret = (
    await openConnectionSecret(settings.secretsKey, integration, 'client_secret')
  )?.trim();
  return AVITO_CLIENT_ID_PATTERN.test(clientId) &&
    clientSecret &&
    AVITO_CLIENT_SECRET_PATTERN.test(clientSecret)
    ? { clientId, clientSecret }
    : null;
}

/** The Avito account's user id connecting learned; null before. */
export const avitoUserId = (integration: Pick<Integration, 'connectionData'>): string | null => {
  const id = integration.connectionData.user_id;
  return typeof id === 'string' && /^\d{1,20}$/.test(id) ? id : null;
};

/** The secret the webhook address carries; null before the first connection. */
export const avitoWebhookSecret = (settings: AppSettings, integration: Integration) =>
  openConnectionSecret(settings.secretsKey, integration, 'webhook_secret');

/** The address Avito delivers to, secret included (Avito signs nothing that is documented). */
export const avitoWebhookUri = (settings: AppSettings, integration: Integration, secret: string) =>
  `${webhookUrl(settings, integration)}?${SECRET_PARAMETER}=${encodeURIComponent(secret)}`;

const apiRoot = (settings: AppSettings) => apiRootFor(settings, 'avito', AVITO_PUBLIC_ROOT);

/** A new token for the credentials (connecting checks them with it). */
export const issueToken = (settings: AppSettings, credentials: AvitoCredentials): Promise<AvitoToken> =>
  issueAvitoToken({ apiRoot: apiRoot(settings), fetch: fetchFor(settings, 'avito'), ...credentials });

/** The API client of the integration's credentials, with their token cached for its lifetime. */
export async function avitoClient(ctx: AvitoContext, integrationId: string, credentials: AvitoCredentials) {
  const key = avitoTokenKey(integrationId, credentials.clientId, credentials.clientSecret);
  return createAvitoClient({
    apiRoot: apiRoot(ctx.settings),
    fetch: fetchFor(ctx.settings, 'avito'),
    tokens: cachedTokenSource(ctx.settings, ctx.ports, key, () => issueToken(ctx.settings, credentials)),
    rateLimitRetries: RATE_LIMIT_RETRIES,
  });
}

/** The client of a stored integration; null when its credentials are missing or malformed. */
export async function avitoClientOf(ctx: AvitoContext, integration: Integration) {
  const credentials = await avitoCredentials(ctx.settings, integration);
  return credentials ? avitoClient(ctx, integration.id, credentials) : null;
}
