import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { forwardedClient } from './forwarded-client';

/** What @hono/node-server passes as a request's env: the Node request, directly or under `server`. */
interface NodeBindings {
  incoming?: IncomingMessage;
  server?: { incoming?: IncomingMessage };
}

/**
 * The remote address of the connection a request came on, or undefined for a request the process
 * hands its own app (`app.request`, e.g. the frames of a held chat stream), which has no connection.
 */
export function nodeSocketAddress(c: Context): string | undefined {
  const env = c.env as NodeBindings | undefined;
  return (env?.server?.incoming ?? env?.incoming)?.socket.remoteAddress;
}

/** The Node shape's client address: the socket's, through TRUST_PROXY trusted proxies. */
export function nodeClientIp(trustedHops: number): (c: Context) => string | undefined {
  return (c) => forwardedClient(nodeSocketAddress(c), c.req.header('x-forwarded-for'), trustedHops);
}
