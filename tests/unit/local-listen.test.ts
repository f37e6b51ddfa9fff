import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { listenFirst } from '../../functions/local-listen';

// `npm start` holds its port before it opens the database and builds the app (PORT=0 included), so
// no other process can take the port in between, and a request that comes early is answered late.

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((closed) => server.close(closed));
  }
});

async function held(port: number) {
  const listening = await listenFirst('127.0.0.1', port);
  servers.push(listening.server);
  return listening;
}

describe('listenFirst', () => {
  it('holds the port the system picked, so another server cannot bind it', async () => {
    const { port } = await held(0);
    expect(port).toBeGreaterThan(0);
    const other = createServer();
    other.listen(port, '127.0.0.1');
    const [error] = (await once(other, 'error')) as [NodeJS.ErrnoException];
    expect(error.code).toBe('EADDRINUSE');
  });

  it('refuses a port already taken before anything is built', async () => {
    const { port } = await held(0);
    await expect(listenFirst('127.0.0.1', port)).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });

  it('answers a request that came before the app was built, once it is', async () => {
    const listening = await held(0);
    const early = fetch(`http://127.0.0.1:${listening.port}/ping`).then(async (response) => ({
      status: response.status,
      body: await response.text(),
    }));
    await new Promise((later) => setTimeout(later, 100));
    listening.serve((request) => new Response(`pong ${new URL(request.url).pathname}`));
    expect(await early).toEqual({ status: 200, body: 'pong /ping' });
    const late = await fetch(`http://127.0.0.1:${listening.port}/again`);
    expect(await late.text()).toBe('pong /again');
  });
});
