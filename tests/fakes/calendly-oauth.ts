import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Calendly's OAuth 2.0 server (auth.calendly.com), as developer.calendly.com documents it:
 * - "Get Authorization Code" (api-docs/calendly-o-auth/o-auth/get-oauth-authorize): `GET
 *   /oauth/authorize?client_id&response_type=code&redirect_uri[&state][&code_challenge&
 *   code_challenge_method=S256]` is a page for a browser; the user's approval sends the browser to
 *   `redirect_uri?code=…&state=…`, a refusal to `redirect_uri?error=access_denied&state=…`. PKCE
 *   (S256) is what Calendly recommends for every application. The code lives 10 minutes and is
 *   spent once ("How to access Calendly data on behalf of authenticated users").
 * - "Get Access Token" (api-docs/calendly-o-auth/o-auth/post-oauth-refresh-token): `POST
 *   /oauth/token`, `application/x-www-form-urlencoded`; a web client passes client_id and
 *   client_secret as HTTP Basic (the body's client_id/client_secret are taken too);
 *   `grant_type=authorization_code` with `code`, `redirect_uri` (the one the code was issued for)
 *   and `code_verifier` (when the code had a challenge), or `grant_type=refresh_token` with
 *   `refresh_token`. The answer: `{token_type: 'Bearer', access_token, refresh_token, scope,
 *   created_at (unix seconds), expires_in, owner (user URI), organization (organization URI)}`.
 *   Access tokens expire after 2 hours; refresh tokens do not expire until used.
 * - "How to handle single-use refresh tokens" (refresh-token-rotation-guide): a refresh token is
 *   revoked immediately after a successful call, every answer brings a new pair, and reusing an old
 *   one fails.
 * - Refusals are OAuth's (RFC 6749 §5.2) `{error, error_description}`: a wrong client id or secret
 *   401 `invalid_client`; an unknown, spent, expired or mismatched code, a wrong verifier, an
 *   unknown, spent or revoked refresh token 400 `invalid_grant`; another grant type 400
 *   `unsupported_grant_type`; a body that is not a form 400 `invalid_request`.
 * The access tokens it issues are checked by the API side of the fake (`accessToken`): unknown or
 * revoked 401, expired on the fake's clock 401.
 */

export interface CalendlyOAuthOptions {
  client: { id: string; secret: string };
  user: { uri: string; current_organization: string };
  now: () => Date;
  accessTokenSeconds?: number;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  challenge: string | null;
  expiresAt: number;
  used: boolean;
}

const CODE_SECONDS = 600;

const token = () => randomBytes(32).toString('hex');
const base64url = (bytes: Buffer) =>
  bytes.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function calendlyOAuth(options: CalendlyOAuthOptions) {
  const lifetime = options.accessTokenSeconds ?? 7200;
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, { expiresAt: number; revoked: boolean }>();
  const refreshTokens = new Map<string, { active: boolean }>();
  const tokenCalls: { grant_type: string; status: number; error?: string }[] = [];

  /** The authorize request read, or why Calendly's page would refuse it. */
  function authorizeRequest(query: URLSearchParams) {
    const clientId = query.get('client_id') ?? '';
    const redirectUri = query.get('redirect_uri') ?? '';
    if (clientId !== options.client.id) return { refused: 'The client_id is unknown' } as const;
    if (query.get('response_type') !== 'code') return { refused: 'response_type must be code' } as const;
    if (!/^https?:\/\//.test(redirectUri)) return { refused: 'redirect_uri is required' } as const;
    const challenge = query.get('code_challenge');
    if (challenge && query.get('code_challenge_method') !== 'S256')
      return { refused: 'code_challenge_method must be S256' } as const;
    return { clientId, redirectUri, challenge, state: query.get('state') } as const;
  }

  function decide(query: URLSearchParams, allow: boolean): string {
    const request = authorizeRequest(query);
    if ('refused' in request) throw new Error(request.refused);
    const back = new URL(request.redirectUri);
    if (allow) {
      const code = token();
      codes.set(code, {
        clientId: request.clientId,
        redirectUri: request.redirectUri,
        challenge: request.challenge,
        expiresAt: options.now().getTime() + CODE_SECONDS * 1000,
        used: false,
      });
      back.searchParams.set('code', code);
    } else back.searchParams.set('error', 'access_denied');
    if (request.state !== null) back.searchParams.set('state', request.state);
    return back.toString();
  }

  function issuePair() {
    const access = token();
    const refresh = token();
    accessTokens.set(access, { expiresAt: options.now().getTime() + lifetime * 1000, revoked: false });
    refreshTokens.set(refresh, { active: true });
    return {
      token_type: 'Bearer',
      access_token: access,
      refresh_token: refresh,
      scope: 'default',
      created_at: Math.floor(options.now().getTime() / 1000),
      expires_in: lifetime,
      owner: options.user.uri,
      organization: options.user.current_organization,
    };
  }

  function clientOf(request: IncomingMessage, form: URLSearchParams) {
    const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '');
    if (basic?.[1]) {
      const [id, ...rest] = Buffer.from(basic[1], 'base64').toString('utf8').split(':');
      return { id: id ?? '', secret: rest.join(':') };
    }
    return { id: form.get('client_id') ?? '', secret: form.get('client_secret') ?? '' };
  }

  function tokenAnswer(request: IncomingMessage, raw: string): { status: number; body: unknown } {
    const refuse = (status: number, error: string, description: string) => ({
      status,
      body: { error, error_description: description },
    });
    if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
      return refuse(400, 'invalid_request', 'The request must be application/x-www-form-urlencoded');
    const form = new URLSearchParams(raw);
    const client = clientOf(request, form);
    if (client.id !== options.client.id || client.secret !== options.client.secret)
      return refuse(
        401,
        'invalid_client',
        'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.',
      );
    const invalidGrant = () =>
      refuse(
        400,
        'invalid_grant',
        'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
      );
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') {
      const code = codes.get(form.get('code') ?? '');
      if (!code || code.used || code.expiresAt <= options.now().getTime()) return invalidGrant();
      if (code.redirectUri !== form.get('redirect_uri') || code.clientId !== client.id) return invalidGrant();
      if (code.challenge) {
        const verifier = form.get('code_verifier') ?? '';
        if (base64url(createHash('sha256').update(verifier).digest()) !== code.challenge)
          return invalidGrant();
      }
      code.used = true;
      return { status: 200, body: issuePair() };
    }
    if (grant === 'refresh_token') {
      const refresh = refreshTokens.get(form.get('refresh_token') ?? '');
      if (!refresh?.active) return invalidGrant();
      refresh.active = false;
      return { status: 200, body: issuePair() };
    }
    return refuse(400, 'unsupported_grant_type', 'The authorization grant type is not supported.');
  }

  function page(response: ServerResponse, status: number, html: string) {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html><head><meta charset="utf-8"><title>Calendly</title></head><body>${html}</body></html>`,
    );
  }

  /** Answers the auth host's paths; false for anything else (the API's). */
  function handle(request: IncomingMessage, raw: string, response: ServerResponse, url: URL): boolean {
    const route = `${request.method} ${url.pathname}`;
    if (route === 'GET /oauth/authorize') {
      const read = authorizeRequest(url.searchParams);
      if ('refused' in read) {
        page(response, 400, `<p>${escapeHtml(String(read.refused))}</p>`);
        return true;
      }
      const hidden = [...url.searchParams]
        .map(
          ([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
        )
        .join('');
      page(
        response,
        200,
        `<h1>Calendly</h1><p>Allow this application to access your Calendly account?</p>` +
          `<form method="post" action="/oauth/authorize/decision">${hidden}` +
          `<button name="decision" value="allow">Allow</button> <button name="decision" value="deny">Deny</button></form>`,
      );
      return true;
    }
    if (route === 'POST /oauth/authorize/decision') {
      const form = new URLSearchParams(raw);
      try {
        const location = decide(form, form.get('decision') === 'allow');
        response.writeHead(302, { location });
        response.end();
      } catch (error) {
        page(response, 400, `<p>${escapeHtml(error instanceof Error ? error.message : String(error))}</p>`);
      }
      return true;
    }
    if (route === 'POST /oauth/token') {
      const answer = tokenAnswer(request, raw);
      const body = answer.body as Record<string, unknown>;
      tokenCalls.push({
        grant_type: new URLSearchParams(raw).get('grant_type') ?? '',
        status: answer.status,
        ...(typeof body.error === 'string' ? { error: body.error } : {}),
      });
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
      return true;
    }
    return false;
  }

  return {
    client: options.client,
    tokenCalls,
    handle,
    /** Whether an API call's bearer is one of its access tokens, and still good on the fake's clock. */
    accessToken(bearer: string): 'valid' | 'expired' | 'unknown' {
      const issued = accessTokens.get(bearer);
      if (!issued || issued.revoked) return 'unknown';
      return issued.expiresAt > options.now().getTime() ? 'valid' : 'expired';
    },
    /** The user approves on the consent page: the address Calendly sends the browser back to. */
    approve: (authorizeUrl: string) => decide(new URL(authorizeUrl).searchParams, true),
    /** The user refuses on the consent page. */
    deny: (authorizeUrl: string) => decide(new URL(authorizeUrl).searchParams, false),
    /** Calendly ends the access tokens early (the refresh tokens still work). */
    endAccessTokens() {
      for (const issued of accessTokens.values()) issued.revoked = true;
    },
    /** The user removes the application in Calendly: every token it was given stops working. */
    revokeGrant() {
      for (const issued of accessTokens.values()) issued.revoked = true;
      for (const refresh of refreshTokens.values()) refresh.active = false;
    },
  };
}
