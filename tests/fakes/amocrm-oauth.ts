import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './serve';

/**
 * The fake amoCRM's OAuth 2.0 (reference/crm.md §1.2): the consent page `GET /oauth`, whose
 * "Разрешить" redirects to the Redirect URI with `code`, `referer`, `state`, `platform`, and
 * `POST /oauth2/access_token` (JSON, or a form as league/oauth2-client sends it). Codes live 20 min
 * and are single use; `redirect_uri` must match exactly; refresh tokens are single use and global
 * (a reuse is 401 "Token has been revoked"); access tokens live `accessTokenTtlSeconds`. Failures are
 * problem+json with amo's OAuthProblemJson body and the league/oauth2-server hints amo answers with.
 */

export interface AmoTokenPair {
  access_token: string;
  refresh_token: string;
}

/** What tests inspect of the tokens issued. */
export interface AmoTokenState {
  /** Successful refresh_token grants. */
  refreshCount: number;
  /** Every refresh token issued, in order (spent ones included). */
  issuedRefreshTokens: string[];
  /** Every access token issued, in order. */
  issuedAccessTokens: string[];
}

interface OAuthSettings {
  clientId: string;
  clientSecret: string;
  redirectUri: () => string;
  referer: string;
  platform: 1 | 2;
  accountId: number;
  accountName: string;
  apiDomain: string;
  accessTtlSeconds: number;
  now: () => number;
}

const CODE_TTL_MS = 20 * 60_000;
const REFRESH_TTL_MS = 90 * 86_400_000;

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(response: ServerResponse, status: number, title: string, body: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(
    `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>${title}</title></head>` +
      `<body><h1>${title}</h1>${body}</body></html>`,
  );
}

/** `{redirectUri}?…params`, keeping a query the Redirect URI already has. */
function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

export function createAmoOAuth(settings: OAuthSettings) {
  const tokens: AmoTokenState = { refreshCount: 0, issuedRefreshTokens: [], issuedAccessTokens: [] };
  const codes = new Map<string, { issuedAt: number; used: boolean }>();
  const access = new Map<string, { expiresAt: number; revoked: boolean }>();
  const refresh = new Map<string, { expiresAt: number; used: boolean; revoked: boolean }>();

  const fail = (response: ServerResponse, status: 400 | 401, hint: string) => {
    response.writeHead(status, { 'content-type': 'application/problem+json' });
    response.end(
      JSON.stringify({
        hint,
        title: 'Некорректный запрос',
        type: 'https://developers.amocrm.ru/v3/errors/OAuthProblemJson',
        status,
        detail: 'В запросе отсутствует ряд параметров или параметры невалидны',
      }),
    );
  };

  function issueCode(): string {
    const code = `def50200${randomBytes(96).toString('hex')}`;
    codes.set(code, { issuedAt: settings.now(), used: false });
    return code;
  }

  /** A fresh pair, as the token endpoint answers it (with a JWT-looking access token). */
  function issueTokens(): AmoTokenPair & { token_type: 'Bearer'; expires_in: number; server_time: number } {
    const now = settings.now();
    const seconds = Math.floor(now / 1000);
    const claims = {
      aud: settings.clientId,
      jti: randomBytes(20).toString('hex'),
      iat: seconds,
      nbf: seconds,
      exp: seconds + settings.accessTtlSeconds,
      sub: '11002',
      grant_type: '',
      account_id: settings.accountId,
      base_domain: settings.referer.replace(/^[^.]+\./, ''),
      version: 2,
      scopes: ['crm', 'notifications'],
      hash_uuid: randomUUID(),
      api_domain: settings.apiDomain,
    };
    const accessToken = `${base64url({ typ: 'JWT', alg: 'RS256', jti: claims.jti })}.${base64url(claims)}.${randomBytes(64).toString('base64url')}`;
    const refreshToken = `def50200${randomBytes(128).toString('hex')}`;
    access.set(accessToken, { expiresAt: now + settings.accessTtlSeconds * 1000, revoked: false });
    refresh.set(refreshToken, { expiresAt: now + REFRESH_TTL_MS, used: false, revoked: false });
    tokens.issuedAccessTokens.push(accessToken);
    tokens.issuedRefreshTokens.push(refreshToken);
    return {
      token_type: 'Bearer',
      expires_in: settings.accessTtlSeconds,
      server_time: seconds,
      access_token: accessToken,
      refresh_token: refreshToken,
    };
  }

  /** `GET /oauth?client_id=&state=&mode=` (`auto=1`: straight to the "allow" redirect). */
  function consent(params: URLSearchParams, response: ServerResponse) {
    if (params.get('client_id') !== settings.clientId) {
      return page(response, 400, 'Ошибка', '<p>Интеграция не найдена</p>');
    }
    const state = params.get('state') ?? undefined;
    const allow = redirectWith(settings.redirectUri(), {
      code: issueCode(),
      referer: settings.referer,
      state,
      platform: String(settings.platform),
    });
    if (params.get('auto') === '1') {
      response.writeHead(302, { location: allow }).end();
      return;
    }
    const deny = redirectWith(settings.redirectUri(), { error: 'access_denied', state });
    page(
      response,
      200,
      'Предоставить доступ',
      `<p>Интеграция запрашивает доступ к аккаунту «${escapeHtml(settings.accountName)}» (${settings.referer})</p>` +
        `<a id="allow" href="${escapeHtml(allow)}">Разрешить</a> <a id="deny" href="${escapeHtml(deny)}">Отказать</a>`,
    );
  }

  /** `POST /oauth2/access_token`. */
  function exchange(request: IncomingMessage, raw: string, response: ServerResponse) {
    let body: Record<string, unknown>;
    try {
      body = /form-urlencoded/.test(request.headers['content-type'] ?? '')
        ? Object.fromEntries(new URLSearchParams(raw))
        : (JSON.parse(raw) as Record<string, unknown>);
      if (typeof body !== 'object' || body === null) throw new Error('not an object');
    } catch {
      return fail(response, 400, 'The request is missing a required parameter');
    }
    const grant = body.grant_type;
    if (grant !== 'authorization_code' && grant !== 'refresh_token') {
      return fail(response, 400, 'Check the `grant_type` parameter');
    }
    if (body.client_id !== settings.clientId || body.client_secret !== settings.clientSecret) {
      return fail(response, 400, 'Client authentication failed');
    }
    const now = settings.now();
    if (grant === 'authorization_code') {
      if (typeof body.code !== 'string' || body.code === '')
        return fail(response, 400, 'Check the `code` parameter');
      if (body.redirect_uri !== settings.redirectUri()) return fail(response, 400, 'Invalid redirect URI');
      const code = codes.get(body.code);
      if (!code) return fail(response, 400, 'Cannot decrypt the authorization code');
      if (code.used) return fail(response, 400, 'Authorization code has been revoked');
      if (now - code.issuedAt >= CODE_TTL_MS) return fail(response, 400, 'Authorization code has expired');
      code.used = true;
      return sendJson(response, 200, issueTokens());
    }
    if (typeof body.refresh_token !== 'string' || body.refresh_token === '') {
      return fail(response, 400, 'Check the `refresh_token` parameter');
    }
    const held = refresh.get(body.refresh_token);
    if (!held) return fail(response, 401, 'Cannot decrypt the refresh token');
    if (held.used || held.revoked) return fail(response, 401, 'Token has been revoked');
    if (now >= held.expiresAt) return fail(response, 401, 'Token has expired');
    held.used = true;
    tokens.refreshCount++;
    sendJson(response, 200, issueTokens());
  }

  return {
    tokens,
    issueCode,
    issueTokens,
    consent,
    exchange,
    /** Whether an API call with this bearer token is authorised. */
    valid(token: string | null): boolean {
      const held = token === null ? undefined : access.get(token);
      return held !== undefined && !held.revoked && settings.now() < held.expiresAt;
    },
    /** Every access token issued so far stops working (401); refresh tokens still work. */
    expireAccessTokens(): void {
      for (const held of access.values()) held.expiresAt = Math.min(held.expiresAt, settings.now());
    },
    /** The integration is deactivated: every token issued so far is dead. */
    revokeAll(): void {
      for (const held of access.values()) held.revoked = true;
      for (const held of refresh.values()) held.revoked = true;
    },
  };
}
