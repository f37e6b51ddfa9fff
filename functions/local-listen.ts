import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer, type HttpBindings } from '@hono/node-server';

type Fetch = (request: Request, env: HttpBindings) => unknown;

/**
 * An HTTP server listening on `host:port` (0: a port the system picks) before the app exists, so the
 * app is built knowing its real address. The port is held from the start: one probed free and bound
 * later can be taken in between. Requests that arrive before `serve` wait for the app.
 */
export async function listenFirst(host: string, port: number) {
  let handOver: (fetch: Fetch) => void = () => {};
  const built = new Promise<Fetch>((resolve) => {
    handOver = resolve;
  });
  let current: Fetch = async (request, env) => (await built)(request, env);
  const server = createAdaptorServer({
    fetch: (request, env) => current(request, env as HttpBindings),
  }) as Server;
  server.listen(port, host);
  await once(server, 'listening');
  return {
    server,
    port: (server.address() as AddressInfo).port,
    /** Hands the requests, those waiting and all later ones, to the built app. */
    serve(fetch: Fetch) {
      current = fetch;
      handOver(fetch);
    },
  };
}
