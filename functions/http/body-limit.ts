import type { MiddlewareHandler } from 'hono';
import { bodyLimit as streamedBodyLimit } from 'hono/body-limit';

/**
 * Refuses a request whose body is over `maxSize` bytes. Hono's own middleware asks for the
 * request's body stream first, and on Node that makes the adapter build a whole WHATWG Request
 * (an AbortSignal, a ReadableStream) for every request, GETs included: 5 % of a webhook's time
 * under load. A request that declares its length is judged by it (Node's parser reads no more than
 * that); only a chunked body is counted as it is read, by Hono's middleware.
 */
export function bodyLimit(options: { maxSize: number; onError: () => never }): MiddlewareHandler {
  const streamed = streamedBodyLimit(options);
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number.parseInt(length, 10) > options.maxSize) options.onError();
      return next();
    }
    return streamed(c, next);
  };
}
