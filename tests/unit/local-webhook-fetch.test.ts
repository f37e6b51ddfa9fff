import { createServer as createHttpsServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookRefused } from '../../functions/engine/actions/webhook-fetch';
import { type ResolveHost, resolvingWebhookFetch } from '../../functions/local-webhook-fetch';
import { TEST_TLS_CERT, TEST_TLS_KEY, TEST_TLS_NAME } from '../fakes/tls-certificate';

/** An HTTPS endpoint on 127.0.0.1 with a certificate for crm.example.test; it records what it saw. */
let server: Server;
let port = 0;
const seen: { servername: string | false | null; host: string | undefined }[] = [];

beforeAll(async () => {
  server = createHttpsServer({ cert: TEST_TLS_CERT, key: TEST_TLS_KEY }, (request, response) => {
    seen.push({ servername: (request.socket as TLSSocket).servername, host: request.headers.host });
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
    const fetchHook = resolvingWebhookFetch(dns.resolve, { ca: TEST_TLS_CERT });
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
    const fetchHook = resolvingWebhookFetch(resolver(['127.0.0.1']).resolve, { ca: TEST_TLS_CERT });
    await expect(
      fetchHook(new URL(`https://other.example.test:${port}/hook`), init(), { allowPrivate: true }),
    ).rejects.toMatchObject({ cause: { code: 'ERR_TLS_CERT_ALTNAME_INVALID' } });
    expect(seen).toEqual([]);
  });

  it('answers a redirect as it is and follows nothing', async () => {
    seen.length = 0;
    const fetchHook = resolvingWebhookFetch(resolver(['127.0.0.1']).resolve, { ca: TEST_TLS_CERT });
    const response = await fetchHook(new URL(`https://${TEST_TLS_NAME}:${port}/redirect`), init(), {
      allowPrivate: true,
    });
    expect(response.status).toBe(302);
    expect(seen).toHaveLength(1);
  });

  it('refuses before connecting when any resolved address is not public', async () => {
    seen.length = 0;
    for (const addresses of [['127.0.0.1'], ['8.8.8.8', '192.168.0.10'], ['::1'], ['64:ff9b::a00:1']]) {
      const fetchHook = resolvingWebhookFetch(resolver(addresses).resolve, { ca: TEST_TLS_CERT });
      const attempt = fetchHook(new URL(`https://${TEST_TLS_NAME}/hook`), init(), { allowPrivate: false });
      await expect(attempt).rejects.toBeInstanceOf(WebhookRefused);
    }
    const literal = resolvingWebhookFetch(resolver([]).resolve);
    await expect(
      literal(new URL('http://[::ffff:7f00:1]/'), init(), { allowPrivate: false }),
    ).rejects.toMatchObject({ reason: 'private_address' });
    expect(seen).toEqual([]);
  });
});
