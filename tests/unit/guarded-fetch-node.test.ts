import { createServer as createHttpsServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddressRefused, MAX_ANSWER_BYTES } from '../../functions/outbound/guarded-fetch';
import {
  guardedLookup,
  type ResolveHost,
  resolvingGuardedFetch,
} from '../../functions/outbound/guarded-fetch-node';
import { TEST_TLS_CERT, TEST_TLS_KEY, TEST_TLS_NAME } from '../fakes/tls-certificate';

/** An HTTPS endpoint on 127.0.0.1 with a certificate for crm.example.test; it records what it saw. */
let server: Server;
let port = 0;
const seen: { servername: string | false | null; host: string | undefined }[] = [];

beforeAll(async () => {
  server = createHttpsServer({ cert: TEST_TLS_CERT, key: TEST_TLS_KEY }, (request, response) => {
    seen.push({ servername: (request.socket as TLSSocket).servername, host: request.headers.host });
    if (request.url === '/echo') {
      const parts: Buffer[] = [];
      request.on('data', (part: Buffer) => parts.push(part));
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.end(`${request.headers['content-type']}|${Buffer.concat(parts).toString()}`);
      });
      return;
    }
    if (request.url === '/huge') {
      response.writeHead(200, { 'content-type': 'text/plain' });
      const block = 'x'.repeat(1024 * 1024);
      for (let i = 0; i < 9; i++) response.write(block);
      response.end();
      return;
    }
    if (request.url === '/redirect') {
      response.writeHead(302, { location: 'http://127.0.0.1:1/' });
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const resolver = (addresses: string[]) => {
  const asked: string[] = [];
  const resolve: ResolveHost = async (name) => {
    asked.push(name);
    return addresses;
  };
  return { asked, resolve };
};

const init = (): RequestInit => ({ method: 'POST', body: '{}', signal: AbortSignal.timeout(5000) });

describe('the Node webhook fetch', () => {
  it('connects to the checked address with TLS and Host for the name the owner wrote', async () => {
    seen.length = 0;
    const dns = resolver(['127.0.0.1']);
    const fetchHook = resolvingGuardedFetch(dns.resolve, { ca: TEST_TLS_CERT });
    const response = await fetchHook(new URL(`https://${TEST_TLS_NAME}:${port}/hook`), init(), {
      allowPrivate: true,
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('ok');
    expect(dns.asked).toEqual([TEST_TLS_NAME]);
    expect(seen).toEqual([{ servername: TEST_TLS_NAME, host: `${TEST_TLS_NAME}:${port}` }]);
  });

  it('checks the certificate against the name, not the address it connected to', async () => {
    seen.length = 0;
    const fetchHook = resolvingGuardedFetch(resolver(['127.0.0.1']).resolve, { ca: TEST_TLS_CERT });
    await expect(
      fetchHook(new URL(`https://other.example.test:${port}/hook`), init(), { allowPrivate: true }),
    ).rejects.toMatchObject({ cause: { code: 'ERR_TLS_CERT_ALTNAME_INVALID' } });
    expect(seen).toEqual([]);
  });

  it('answers a redirect as it is and follows nothing', async () => {
    seen.length = 0;
    const fetchHook = resolvingGuardedFetch(resolver(['127.0.0.1']).resolve, { ca: TEST_TLS_CERT });
    const response = await fetchHook(new URL(`https://${TEST_TLS_NAME}:${port}/redirect`), init(), {
      allowPrivate: true,
    });
    expect(response.status).toBe(302);
    expect(seen).toHaveLength(1);
  });

  it('refuses before connecting when any resolved address is not public', async () => {
    seen.length = 0;
    for (const addresses of [['127.0.0.1'], ['8.8.8.8', '192.168.0.10'], ['::1'], ['64:ff9b::a00:1']]) {
      const fetchHook = resolvingGuardedFetch(resolver(addresses).resolve, { ca: TEST_TLS_CERT });
      const attempt = fetchHook(new URL(`https://${TEST_TLS_NAME}/hook`), init(), { allowPrivate: false });
      await expect(attempt).rejects.toBeInstanceOf(AddressRefused);
    }
    const literal = resolvingGuardedFetch(resolver([]).resolve);
    await expect(
      literal(new URL('http://[::ffff:7f00:1]/'), init(), { allowPrivate: false }),
    ).rejects.toMatchObject({ reason: 'private_address' });
    expect(seen).toEqual([]);
  });

  it('refuses plain http for a system that speaks only https, and any address with credentials', async () => {
    const guarded = resolvingGuardedFetch(resolver(['93.184.216.34']).resolve);
    await expect(
      guarded('http://crm.example.com/api', init(), { allowPrivate: false, httpsOnly: true }),
    ).rejects.toMatchObject({ reason: 'not_https' });
    await expect(
      guarded('https://user:key@crm.example.com/api', init(), { allowPrivate: false }),
    ).rejects.toMatchObject({ reason: 'invalid_url' });
  });

  it('sends form bodies as they are, with their type', async () => {
    const guarded = resolvingGuardedFetch(resolver(['127.0.0.1']).resolve, { ca: TEST_TLS_CERT });
    const response = await guarded(
      `https://${TEST_TLS_NAME}:${port}/echo`,
      { method: 'POST', body: new URLSearchParams({ apiKey: 'k', 'filter[ids][]': '1' }) },
      { allowPrivate: true },
    );
    expect(await response.text()).toBe(
      'application/x-www-form-urlencoded;charset=UTF-8|apiKey=k&filter%5Bids%5D%5B%5D=1',
    );
  });

  it('cuts off an answer larger than the limit instead of reading it all into memory', async () => {
    const guarded = resolvingGuardedFetch(resolver(['127.0.0.1']).resolve, { ca: TEST_TLS_CERT });
    const response = await guarded(
      `https://${TEST_TLS_NAME}:${port}/huge`,
      { method: 'GET' },
      { allowPrivate: true },
    );
    expect(response.status).toBe(200);
    expect(9 * 1024 * 1024).toBeGreaterThan(MAX_ANSWER_BYTES);
    await expect(response.text()).rejects.toThrow(/larger than/);
  });
});

describe('the guarded lookup of a held WebSocket', () => {
  /** Opens ws://gateway.example.test:<port> with the lookup; resolves with how it ended. */
  async function open(allowPrivate: boolean) {
    const { WebSocketServer, WebSocket } = await import('ws');
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    let upgrades = 0;
    server.on('connection', () => upgrades++);
    const { port: wsPort } = server.address() as AddressInfo;
    const lookup = guardedLookup(allowPrivate, resolver(['127.0.0.1']).resolve);
    const socket = new WebSocket(`ws://gateway.example.test:${wsPort}/`, { lookup });
    const ended = await new Promise<string>((resolve) => {
      socket.once('open', () => resolve('open'));
      socket.once('error', (error) => resolve(error.name));
    });
    socket.terminate();
    await new Promise((resolve) => server.close(resolve));
    return { ended, upgrades };
  }

  it('refuses a name that resolves to a private address, before connecting', async () => {
    expect(await open(false)).toEqual({ ended: 'AddressRefused', upgrades: 0 });
  });

  it('connects where the installation allows private addresses', async () => {
    expect((await open(true)).ended).toBe('open');
  });
});
