import type { FetchLike } from '../module';
import { amoErrorOf } from './client';

/**
 * The token endpoint of the account (reference/crm.md §1.2): `POST /oauth2/access_token` with JSON.
 * An authorisation code lives 20 minutes and is spent once; a refresh token lives 3 months and is
 * spent once globally, so the new pair must be kept before anything else happens (tokens.ts).
 */

export interface AmoTokens {
  accessToken: string;
  refreshToken: string;
  /** When the access token stops working. */
  expiresAt: Date;
}

interface TokenRequest {
  /** The account's root: `https://{referer}` or the configured API root. */
  base: string;
  client: { id: string; secret: string };
  redirectUri: string;
  now: Date;
  fetch: FetchLike;
}

async function requestTokens(request: TokenRequest, grant: Record<string, string>): Promise<AmoTokens> {
  const response = await request.fetch(`${request.base.replace(/\/+$/, '')}/oauth2/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      client_id: request.client.id,
      client_secret: request.client.secret,
      redirect_uri: request.redirectUri,
      ...grant,
    }),
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) throw await amoErrorOf(response);
  const body = (await response.json()) as Record<string, unknown>;
  const { access_token, refresh_token, expires_in } = body;
  if (typeof access_token !== 'string' || typeof refresh_token !== 'string') {
    throw new Error('amoCRM answered the token request without a token pair');
  }
  const seconds = typeof expires_in === 'number' && expires_in > 0 ? expires_in : 86_400;
  return {
    accessToken: access_token,
    refreshToken: refresh_token,
    expiresAt: new Date(request.now.getTime() + seconds * 1000),
  };
}

export const exchangeAmoCode = (request: TokenRequest, code: string) =>
  requestTokens(request, { grant_type: 'authorization_code', code });

export const refreshAmoTokens = (request: TokenRequest, refreshToken: string) =>
  requestTokens(request, { grant_type: 'refresh_token', refresh_token: refreshToken });
