import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

interface ProxyStats {
  open: number;
  total: number;
}

const proxyStats = async (): Promise<ProxyStats> =>
  (await fetch(`http://${env.NEON_WS_PROXY.replace(/\/v1$/, '')}/stats`)).json<ProxyStats>();

describe('GET /api/health', () => {
  it('answers 200 after a round trip to Postgres through the Neon driver', async () => {
    const response = await SELF.fetch(`${env.PUBLIC_URL}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('opens a Postgres session per request and ends it after the response', async () => {
    const before = await proxyStats();
    for (let i = 0; i < 3; i++) expect((await SELF.fetch(`${env.PUBLIC_URL}/api/health`)).status).toBe(200);
    let stats = await proxyStats();
    expect(stats.total - before.total).toBeGreaterThanOrEqual(3);
    // Other test files share the proxy, so wait for every session, ours included, to be ended.
    for (let waited = 0; stats.open > 0 && waited < 20_000; waited += 100) {
      await new Promise((done) => setTimeout(done, 100));
      stats = await proxyStats();
    }
    expect(stats.open).toBe(0);
  });

  it('needs no database for the liveness probe', async () => {
    const before = await proxyStats();
    expect((await SELF.fetch(`${env.PUBLIC_URL}/api/health/live`)).status).toBe(200);
    expect((await proxyStats()).total).toBe(before.total);
  });
});
