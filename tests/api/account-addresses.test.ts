import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBitrix, startFakeBitrix } from '../fakes/bitrix';
import { bitrixInstall } from './support/bitrix';
import { sharedTestApp, signedInUser } from './support/client';

/**
 * Addresses an account gives us for its CRM go through the one guarded fetch (functions/http/
 * guarded-fetch.ts): an AlfaCRM "host" that is a loopback address is never connected to, and the
 * API user's e-mail and key never leave; a connection that cannot be made is the §8 422, not a 500.
 * The app here has no ALFACRM_API_ROOT, so the account's own host is what would be called.
 */

const CONNECT_FAILED = 'Подключение не удалось, повторите попытку';

/** A listener where the account's address leads (https' port on a loopback address), counting connections. */
let listener: Server;
const connections: Socket[] = [];
/** A Bitrix24 whose OAuth server names a REST endpoint on that loopback address. */
let portal: FakeBitrix;

beforeAll(async () => {
  listener = createServer((socket) => {
    connections.push(socket);
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(443, '127.0.0.77', resolve);
  });
  const { port } = listener.address() as AddressInfo;
  portal = await startFakeBitrix({ restEndpoint: `http://127.0.0.77:${port}/rest/` });
});
afterAll(async () => {
  await portal?.close();
  await new Promise<void>((resolve) => listener.close(() => resolve()));
});

// After the listener and the portal: the app's settings name the portal.
const t = sharedTestApp({
  settings: {
    // The OAuth server is the operator's (BITRIX_OAUTH_ROOT); the REST endpoint it names is not.
    get apiRoots() {
      return { bitrix: portal.url };
    },
    get oauthClients() {
      return { bitrix: { id: portal.clientId, secret: portal.clientSecret } };
    },
  },
});

async function connectAlfa(hostname: string) {
  const owner = await signedInUser(t.t);
  const created = await t.call('POST', '/api/integrations', {
    token: owner.token,
    body: {
      type: 'alfacrm',
      connection_data: { hostname, email: 'api@school.example', api_key: 'alfa-key-1234567890' },
    },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return t.call('POST', `/api/integrations/connect/${created.json.id}`, { token: owner.token });
}

describe("an account's CRM address", () => {
  it('is not connected to when it is a loopback address, and the failure is the §8 422', async () => {
    for (const hostname of ['127.0.0.77', 'https://127.0.0.77/']) {
      const connect = await connectAlfa(hostname);
      expect(connect.status, hostname).toBe(422);
      expect(connect.json.message).toBe(CONNECT_FAILED);
    }
    expect(connections).toHaveLength(0);
  });

  it('that cannot be reached at all fails with the §8 422, not a 500', async () => {
    // `.invalid` never resolves (RFC 6761): the network fails before any answer.
    const connect = await connectAlfa('school.invalid');
    expect(connect.status).toBe(422);
    expect(connect.json.message).toBe(CONNECT_FAILED);
  });

  it('of a Bitrix24 portal is not posted the access token when it is a loopback address', async () => {
    const owner = await signedInUser(t.t);
    const { ticket } = await bitrixInstall(
      async (path, init) => t.t.app.request(path, init),
      portal.installForm(),
    );
    expect(ticket).toBeTruthy();
    const created = await t.call('POST', '/api/integrations', {
      token: owner.token,
      body: { type: 'bitrix', connection_data: { install: ticket } },
    });
    const connect = await t.call('POST', `/api/integrations/connect/${created.json.id}`, {
      token: owner.token,
    });
    expect(connect.status).toBe(422);
    expect(connect.json.message).toBe(CONNECT_FAILED);
    expect(connections).toHaveLength(0);
  });
});
