import type { Integration } from '../../../db/schema';
import type { AppSettings } from '../../ports';
import { asRecord } from '../../shared/as-record';
import { base64url } from '../../shared/base64url';
import { hmacHex } from '../../shared/hmac-hex';
import { sha256Bytes } from '../../shared/sha256-hex';
import type { FetchLike } from '../module';
import type { TokenPair } from '../oauth-tokens';

/**
 * Calendly's OAuth 2.0 (developer.calendly.com: "Get Authorization Code", "Get Access Token",
 * "How to handle single-use refresh tokens"): the owner approves on
 * `https://auth.calendly.com/oauth/authorize?client_id&response_type=code&redirect_uri&state` (with
 * PKCE, S256, which Calendly recommends for every application); the code comes back to our return
 * route, lives 10 minutes and is spent once at `POST /oauth/token` (form-encoded, the application's
 * id and secret as HTTP Basic). An access token lives 2 hours; a refresh token lives until used and
 * is then revoked (each answer brings a new pair), so the pair is refreshed under the row's lock
 * (oauth-tokens.ts). Refusals are OAuth's `{error, error_description}`: `invalid_grant` (400) for a
 * spent, unknown or revoked code or refresh token, `invalid_client` (401) for a wrong secret.
 * CALENDLY_AUTH_ROOT replaces the auth host (a proxy, a test's fake).
 */

export const CALENDLY_AUTH_ROOT = 'https://auth.calendly.com';
/** Calendly's access tokens live 2 hours when an answer does not say. */
const DEFAULT_LIFETIME_SECONDS = 7200;

export class CalendlyOAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(`Calendly OAuth ${status} ${error}${description ? `: ${description}` : ''}`);
    this.name = 'CalendlyOAuthError';
  }

  /** The grant is gone (spent, revoked, expired) or the application is refused: the owner connects again. */
  get refused(): boolean {
    return this.status === 400 || this.status === 401;
  }
}

export interface CalendlyGrant extends TokenPair {
  /** The user's URI (`owner`) and organization the grant is for. */
  owner: string;
  organization: string;
}

/** The server's Calendly application, when configured. */
export const calendlyOAuthClient = (settings: AppSettings) => settings.oauthClients?.calendly ?? null;

/** Where the consent returns: our route, registered as the application's Redirect URI. */
export const calendlyRedirectUri = (settings: AppSettings) =>
  `${settings.publicUrl.replace(/\/+$/, '')}/api/webhooks/calendly/oauth`;

const authRoot = (settings: AppSettings) =>
  (calendlyOAuthClient(settings)?.root ?? CALENDLY_AUTH_ROOT).replace(/\/+$/, '');

/** The configured root is the operator's (fetched as is); Calendly's own only over https, publicly. */
const authFetch = (settings: AppSettings): FetchLike =>
  calendlyOAuthClient(settings)?.root
    ? (input, init) => fetch(input, init)
    : (input, init) => settings.guardedFetch(input, init, { allowPrivate: false, httpsOnly: true });

/** The PKCE verifier of a consent, derived from its state under the server's key: nothing to store. */
const verifierOf = (settings: AppSettings, state: string) =>
  hmacHex(settings.secretsKey, `calendly-pkce:${state}`);

const challengeOf = (verifier: string) => base64url(sha256Bytes(verifier));

/** The consent page for `state`; null while the server has no Calendly application. */
export async function calendlyAuthorizeUrl(
  settings: AppSettings,
  _integration: Pick<Integration, 'type'>,
  state: string,
): Promise<string | null> {
  const client = calendlyOAuthClient(settings);
  if (!client) return null;
  const query = new URLSearchParams({
    client_id: client.id,
    response_type: 'code',
    redirect_uri: calendlyRedirectUri(settings),
    state,
    code_challenge: challengeOf(verifierOf(settings, state)),
    code_challenge_method: 'S256',
  });
  return `${authRoot(settings)}/oauth/authorize?${query}`;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

async function requestTokens(
  settings: AppSettings,
  now: Date,
  grant: Record<string, string>,
): Promise<CalendlyGrant> {
  const client = calendlyOAuthClient(settings);
  if (!client) throw new CalendlyOAuthError(401, 'invalid_client', 'Calendly is not configured');
  const response = await authFetch(settings)(`${authRoot(settings)}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${btoa(`${client.id}:${client.secret}`)}`,
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    },
    body: new URLSearchParams(grant).toString(),
    signal: AbortSignal.timeout(15_000),
  });
  const raw = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = asRecord(JSON.parse(raw));
  } catch {
    // An HTML error page: the status says enough.
  }
  if (!response.ok) {
    throw new CalendlyOAuthError(
      response.status,
      text(body.error) || `HTTP ${response.status}`,
      text(body.error_description),
    );
  }
  const accessToken = text(body.access_token);
  const refreshToken = text(body.refresh_token);
  if (!accessToken || !refreshToken)
    throw new Error('Calendly answered the token request without a token pair');
  const seconds =
    typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : DEFAULT_LIFETIME_SECONDS;
  return {
    accessToken,
    refreshToken,
    expiresAt: new Date(now.getTime() + seconds * 1000),
    owner: text(body.owner),
    organization: text(body.organization),
  };
}

/** Spends the consent's code (with the verifier its state stands for) for the first pair. */
export const exchangeCalendlyCode = async (settings: AppSettings, now: Date, code: string, state: string) =>
  requestTokens(settings, now, {
    grant_type: 'authorization_code',
    code,
    redirect_uri: calendlyRedirectUri(settings),
    code_verifier: verifierOf(settings, state),
  });

/** Spends the refresh token for a new pair; the old one stops working at once. */
export const refreshCalendlyTokens = (settings: AppSettings, now: Date, refreshToken: string) =>
  requestTokens(settings, now, { grant_type: 'refresh_token', refresh_token: refreshToken });
