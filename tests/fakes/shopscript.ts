import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type FakeServer, sendJson, serveFake } from './serve';
import { type FakeProduct, fakeShopCatalogue } from './shopscript-catalogue';

/**
 * A Shop-Script shop (Webasyst), as reference/messengers.md §6.1 and webasyst-framework's API
 * controllers describe it:
 * - `GET /api.php/auth?client_id&client_name&response_type=code|token&scope&redirect_uri` is the
 *   consent page of a signed-in backend user; missing or bad parameters show an error page. On
 *   approval the browser goes to `redirect_uri` + (`?`|`&`) + `code=…` (no `state`: Webasyst does not
 *   pass one back); on "cancel" to `redirect_uri` + `error=access_denied`. A code is 32 hex
 *   characters and lives 180 seconds.
 * - `POST /api.php/token?redirect_uri&format=json`, a form with `code`, `client_id`,
 *   `grant_type=authorization_code`, answers `{access_token}`; every refusal is `{error,
 *   error_description}` with HTTP 200: `invalid_request` (a parameter missing), `unsupported_grant_type`,
 *   `invalid_grant` (unknown code, another client's code, an expired one). Stricter than the shop,
 *   this fake also spends a code once and refuses a `redirect_uri` other than the consent's, so a
 *   client that relied on either slack would fail here. The same client and user get the same
 *   token back; it never expires.
 * - `GET /api.php/{app}.{method}?…&access_token=…` (the token may also come as `Authorization:
 *   Bearer`): no token 400 `token_required`, an unknown one 401 `invalid_token` ("Invalid access
 *   token"), a scope without `shop` 403 `access_denied`, an unknown method 404 `invalid_method`, a
 *   format other than json/xml `invalid_request`; errors are `{error, error_description}`.
 * - `shop.product.search?hash&offset&limit&fields`: `{count, offset, limit, products}`; the hash
 *   `search/query=<url-encoded words>` (the part after `search/` is URL-decoded and split at `&`)
 *   matches every word in the name, summary or description; `id/1,2`; empty lists everything;
 *   names come HTML-escaped; `fields=frontend_url` adds the storefront's root-relative address;
 *   limit above 1000 or negative is `invalid_param`. Hidden products are listed too (the backend sees them).
 * - `shop.product.getInfo?id`: the product row with `skus` (each with `stocks`), `categories`,
 *   `images`, `features`; an unknown id 404 `invalid_param` "Product not found", none 400.
 */

const CODE_SECONDS = 180;

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  scope: string;
  expiresAt: number;
  used: boolean;
}

export interface ShopApiCall {
  method: string;
  token: string | null;
  query: Record<string, string>;
  status: number;
}

const md5ish = () => createHash('md5').update(randomBytes(16)).digest('hex');
const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(response: ServerResponse, status: number, html: string) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(
    `<!doctype html><html><head><meta charset="utf-8"><title>Webasyst</title></head><body>${html}</body></html>`,
  );
}

class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(error);
  }
}

/** The words of a `search/query=…` hash as the shop reads them; null for a hash it does not search by. */
function queryWords(hash: string): string[] | null {
  const slash = hash.indexOf('/');
  const kind = slash < 0 ? hash : hash.slice(0, slash);
  if (kind !== 'search') return null;
  let rest = hash.slice(slash + 1);
  try {
    rest = decodeURIComponent(rest.replace(/\+/g, ' '));
  } catch {
    return [];
  }
  const part = rest.split('&').find((item) => item.trim().startsWith('query='));
  return (part?.trim().slice('query='.length) ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

export interface FakeShopScript extends FakeServer {
  catalogue: FakeProduct[];
  calls: ShopApiCall[];
  tokenCalls: { status: number; error?: string }[];
  /** The signed-in backend user approves on the consent page: where the shop sends the browser. */
  approve(authorizeUrl: string): string;
  /** The user presses "cancel". */
  deny(authorizeUrl: string): string;
  /** The user revokes every application's token in the shop's backend. */
  revokeTokens(): void;
  /** The shop stops answering its API (a blocked host, the API switched off). */
  breakApi(broken: boolean): void;
}

export async function startFakeShopScript(options: { now?: () => Date } = {}): Promise<FakeShopScript> {
  const now = () => (options.now ? options.now() : new Date()).getTime();
  const catalogue = fakeShopCatalogue();
  const codes = new Map<string, IssuedCode>();
  /** token → its client and scope. */
  const tokens = new Map<string, { clientId: string; scope: string }>();
  const calls: ShopApiCall[] = [];
  const tokenCalls: { status: number; error?: string }[] = [];
  let broken = false;

  function decide(authorizeUrl: string, allow: boolean): string {
    const query = new URL(authorizeUrl).searchParams;
    for (const field of ['client_id', 'client_name', 'response_type', 'scope'])
      if (!query.get(field)) throw new Error(`Required parameter is missing: ${field}`);
    if (query.get('response_type') !== 'code') throw new Error('this fake issues codes only');
    const redirectUri = query.get('redirect_uri') ?? '';
    if (!/^https?:\/\//.test(redirectUri)) throw new Error('redirect_uri is required');
    const join = redirectUri.includes('?') ? '&' : '?';
    if (!allow) return `${redirectUri}${join}error=access_denied`;
    const code = md5ish();
    codes.set(code, {
      clientId: query.get('client_id') ?? '',
      redirectUri,
      scope: query.get('scope') ?? '',
      expiresAt: now() + CODE_SECONDS * 1000,
      used: false,
    });
    return `${redirectUri}${join}code=${code}`;
  }

  function tokenAnswer(url: URL, raw: string): Record<string, unknown> {
    const form = new URLSearchParams(raw);
    for (const field of ['code', 'client_id', 'grant_type'])
      if (!form.get(field))
        return { error: 'invalid_request', error_description: `Required parameter is missing: ${field}` };
    if (form.get('grant_type') !== 'authorization_code')
      return {
        error: 'unsupported_grant_type',
        error_description: `Invalid grant_type: ${form.get('grant_type')}`,
      };
    const code = form.get('code') ?? '';
    const issued = codes.get(code);
    if (!issued || issued.used) return { error: 'invalid_grant', error_description: `Invalid code: ${code}` };
    if (issued.clientId !== form.get('client_id')) return { error: 'invalid_grant' };
    if (issued.expiresAt < now())
      return { error: 'invalid_grant', error_description: 'Authorization code has expired' };
    if (issued.redirectUri !== url.searchParams.get('redirect_uri'))
      return { error: 'invalid_grant', error_description: 'redirect_uri does not match' };
    issued.used = true;
    const existing = [...tokens].find(
      ([, value]) => value.clientId === issued.clientId && value.scope === issued.scope,
    );
    if (existing) return { access_token: existing[0] };
    const token = md5ish();
    tokens.set(token, { clientId: issued.clientId, scope: issued.scope });
    return { access_token: token };
  }

  const listed = (product: FakeProduct, frontend: boolean) => {
    const { skus: _skus, description: _description, ...row } = product;
    return {
      ...row,
      name: escapeHtml(product.name),
      summary: escapeHtml(product.summary),
      image_id: null,
      ...(frontend ? { frontend_url: `/product/${product.url}/` } : {}),
    };
  };

  function search(query: URLSearchParams) {
    const offset = Number(query.get('offset') ?? 0);
    const limit = Number(query.get('limit') ?? 100);
    if (!Number.isInteger(offset) || offset < 0)
      throw new ApiRefusal(400, 'invalid_param', 'Param offset must be greater than or equal to zero');
    if (!Number.isInteger(limit) || limit < 0)
      throw new ApiRefusal(400, 'invalid_param', 'Param limit must be greater than or equal to zero');
    if (limit > 1000)
      throw new ApiRefusal(400, 'invalid_param', 'The “limit” parameter value must not exceed 1000.');
    const hash = query.get('hash') ?? '';
    const words = queryWords(hash);
    const ids = /^id\/([\d,]+)$/.exec(hash)?.[1]?.split(',');
    const found = catalogue.filter((product) => {
      if (ids) return ids.includes(product.id);
      if (!words) return hash === '';
      const text = `${product.name} ${product.summary} ${product.description}`.toLowerCase();
      return words.every((word) => text.includes(word));
    });
    const frontend = (query.get('fields') ?? '').split(',').includes('frontend_url');
    return {
      count: found.length,
      offset,
      limit,
      products: found.slice(offset, offset + limit).map((product) => listed(product, frontend)),
    };
  }

  function productInfo(query: URLSearchParams) {
    const id = query.get('id');
    if (!id) throw new ApiRefusal(400, 'invalid_param', 'Required parameter is missing: id');
    const product = catalogue.find((item) => item.id === id);
    if (!product) throw new ApiRefusal(404, 'invalid_param', 'Product not found');
    const { skus, ...row } = product;
    return {
      ...row,
      skus: skus.map(({ ...item }) => ({
        ...item,
        product_id: product.id,
        compare_price: '0.0000',
        stocks: [],
      })),
      categories: [],
      images: [],
      features: {},
    };
  }

  function api(request: IncomingMessage, url: URL, response: ServerResponse) {
    const method = url.pathname.slice('/api.php/'.length);
    const query = url.searchParams;
    const header = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? null;
    const token = query.get('access_token') || header;
    const record = (status: number) =>
      calls.push({ method, token, query: Object.fromEntries(query), status });
    try {
      const format = (query.get('format') ?? 'json').toUpperCase();
      if (format !== 'JSON' && format !== 'XML')
        throw new ApiRefusal(200, 'invalid_request', `Invalid response format: ${format}`);
      if (broken) {
        page(response, 503, '<p>Service Unavailable</p>');
        record(503);
        return;
      }
      if (!token) throw new ApiRefusal(400, 'token_required', 'Access token is missing');
      const grant = tokens.get(token);
      if (!grant) throw new ApiRefusal(401, 'invalid_token', 'Invalid access token');
      if (!grant.scope.split(',').includes('shop')) throw new ApiRefusal(403, 'access_denied', '');
      let body: unknown;
      if (method === 'shop.product.search') body = search(query);
      else if (method === 'shop.product.getInfo') body = productInfo(query);
      else throw new ApiRefusal(404, 'invalid_method', `Unknown method: ${method}`);
      record(200);
      sendJson(response, 200, body);
    } catch (error) {
      if (!(error instanceof ApiRefusal)) throw error;
      record(error.status);
      sendJson(response, error.status, {
        error: error.error,
        ...(error.description ? { error_description: error.description } : {}),
      });
    }
  }

  const server = await serveFake((request, raw, response) => {
    const url = new URL(request.url ?? '/', 'http://shop.local');
    if (request.method === 'GET' && url.pathname === '/api.php/auth') {
      const query = url.searchParams;
      const missing = ['client_id', 'client_name', 'response_type', 'scope'].find(
        (field) => !query.get(field),
      );
      if (missing) return page(response, 200, `<p>Required parameter is missing: ${escapeHtml(missing)}</p>`);
      return page(
        response,
        200,
        `<h1>${escapeHtml(query.get('client_name') ?? '')}</h1><p>requests access to your account</p>` +
          '<form method="post"><button name="approve" value="1">Allow</button><button name="cancel" value="1">Cancel</button></form>',
      );
    }
    if (request.method === 'POST' && url.pathname === '/api.php/auth') {
      // The consent page's buttons (the real page also checks its CSRF cookie).
      const form = new URLSearchParams(raw);
      try {
        response.writeHead(302, { location: decide(url.toString(), form.get('approve') === '1') });
        response.end();
      } catch (error) {
        page(response, 200, `<p>${escapeHtml(error instanceof Error ? error.message : String(error))}</p>`);
      }
      return;
    }
    if (request.method === 'POST' && url.pathname === '/api.php/token') {
      const answer = tokenAnswer(url, raw);
      tokenCalls.push({
        status: 200,
        ...(typeof answer.error === 'string' ? { error: answer.error } : {}),
      });
      return sendJson(response, 200, answer);
    }
    if (url.pathname.startsWith('/api.php/') && /^[a-z]+\.[a-zA-Z.]+$/.test(url.pathname.slice(9))) {
      if (request.method !== 'GET')
        return sendJson(response, 405, { error: 'invalid_request', error_description: 'Method not allowed' });
      return api(request, url, response);
    }
    sendJson(response, 400, {
      error: 'invalid_request',
      error_description: 'Malformed request or server misconfiguration.',
    });
  });

  return {
    ...server,
    catalogue,
    calls,
    tokenCalls,
    approve: (authorizeUrl) => decide(authorizeUrl, true),
    deny: (authorizeUrl) => decide(authorizeUrl, false),
    revokeTokens: () => tokens.clear(),
    breakApi: (value) => {
      broken = value;
    },
  };
}
