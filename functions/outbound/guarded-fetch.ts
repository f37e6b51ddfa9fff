import { checkOutboundUrl, type UrlRefusal, type UrlRules } from './url-guard';

/**
 * The one way to call an address an account controls: a bot's webhook, its CRM's host, a Bitrix24
 * portal's REST endpoint, a chat gateway named by a CRM. The URL is checked as text first
 * (url-guard.ts), then the shape connects: in Node the name is resolved, every address checked and
 * the connection pinned to the checked one (guarded-fetch-node.ts, against DNS rebinding); Workers
 * cannot resolve names and Cloudflare refuses private networks itself, so there the text check and
 * the platform's fetch are all there is (`directConnect`). Redirects are never followed (a 3xx comes
 * back as it is), a call without its own deadline gets one, and an answer is cut off past
 * `MAX_ANSWER_BYTES`. Addresses the operator configured (API roots, proxies, fakes) are not an
 * account's and are fetched directly by their clients.
 */
export type GuardedFetch = (url: string | URL, init: RequestInit, rules: UrlRules) => Promise<Response>;

/** How a shape connects to a URL whose text passed the check. */
export type Connect = (url: URL, init: RequestInit, rules: UrlRules) => Promise<Response>;

/** A call the guard would not make: where the address leads is not somewhere we may call. */
export class AddressRefused extends Error {
  constructor(readonly reason: UrlRefusal) {
    super(`address refused: ${reason}`);
    this.name = 'AddressRefused';
  }
}

/** The deadline of a call that brought none. */
export const GUARDED_TIMEOUT_MS = 30_000;
/** The largest answer read from an account's address; a longer body ends in an error. */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/** A body that errors once more than `limit` bytes passed through it. */
function capped(body: ReadableStream<Uint8Array>, limit: number): ReadableStream<Uint8Array> {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) controller.error(new Error(`answer larger than ${limit} bytes`));
        else controller.enqueue(chunk);
      },
    }),
  );
}

/** The guarded fetch over a shape's way of connecting. */
export function guardedFetchOver(connect: Connect): GuardedFetch {
  return async (raw, init, rules) => {
    const check = checkOutboundUrl(String(raw), rules);
    if (!check.ok) throw new AddressRefused(check.reason);
    const response = await connect(
      check.url,
      { ...init, redirect: 'manual', signal: init.signal ?? AbortSignal.timeout(GUARDED_TIMEOUT_MS) },
      rules,
    );
    if (!response.body) return response;
    return new Response(capped(response.body, MAX_ANSWER_BYTES), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** The Workers shape: the platform's fetch, never following a redirect; the text check already ran. */
export const directConnect: Connect = (url, init) => fetch(url, { ...init, redirect: 'manual' });
