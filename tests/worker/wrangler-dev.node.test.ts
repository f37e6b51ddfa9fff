import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCALAR_BUNDLE_PATH } from '../../functions/shared/api-docs';
import { type DevServer, freePort, ROOT, startOnFreePort } from './support/processes';

// `wrangler dev` runs the deployable shape in workerd with its static-assets router, which the Workers
// test pool bypasses (SELF goes straight to the Worker). It starts with a broken configuration on
// purpose: the SPA must not need the API's secrets, and the API must say what is wrong without values.
const SECRET_VALUES = ['short-secret-value', 'hunter2'];

describe('wrangler dev: static assets and a misconfigured API', () => {
  let server: DevServer;
  const get = (path: string) => fetch(`${server.url}${path}`);

  beforeAll(async () => {
    server = await startOnFreePort(async (port) => [
      'npx',
      'wrangler',
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--inspector-port',
      String(await freePort()),
      '--show-interactive-dev-session=false',
      '--persist-to',
      join(ROOT, 'tests/.tmp/wrangler-dev-state'),
      '--var',
      'JWT_SECRET:short-secret-value',
      '--var',
      'DATABASE_URL:mysql://user:hunter2@db.example.com/app',
    ]);
  });
  afterAll(() => server?.stop());

  /** wrangler relays the Worker's console with a delay; waits for `text` to show up. */
  async function logContaining(text: string): Promise<string> {
    for (let waited = 0; waited < 10_000 && !server.output().includes(text); waited += 100) {
      await new Promise((done) => setTimeout(done, 100));
    }
    return server.output();
  }

  it('serves the SPA shell at / and at client-side routes', async () => {
    for (const path of ['/', '/signin', '/bots/42/settings']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('serves built files as themselves', async () => {
    const html = await (await get('/')).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    if (!script) throw new Error(`no script in index.html:\n${html}`);
    const response = await get(script);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('javascript');
  });

  it('serves the API reference’s Scalar bundle, copied in by the build, from the assets', async () => {
    const response = await get(SCALAR_BUNDLE_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(await response.text()).toContain('createApiReference');
  });

  it('answers /api/* from the Worker: 500 JSON naming the bad settings, never their values', async () => {
    for (const path of ['/api/health', '/api/jobs/x', '/api/no-such-route']) {
      const response = await fetch(`${server.url}${path}`, {
        method: path.includes('jobs') ? 'POST' : 'GET',
      });
      expect(response.status, path).toBe(500);
      const text = await response.text();
      const body = JSON.parse(text) as { message: string; code: string };
      expect(body.code).toBe('internal_error');
      expect(body.message).toContain('JWT_SECRET');
      expect(body.message).toContain('DATABASE_URL');
      expect(body.message).toContain('UPSTASH_REDIS_REST_URL');
      expect(body.message).toContain('SECRETS_KEY');
      for (const value of SECRET_VALUES) expect(text).not.toContain(value);
    }
    const log = await logContaining('DATABASE_URL must be');
    expect(log).toContain('JWT_SECRET must be at least 32 characters');
    expect(log).toContain('DATABASE_URL must be a postgres:// URL');
    expect(log.match(/Invalid configuration/g)).toHaveLength(1);
    for (const value of SECRET_VALUES) expect(log).not.toContain(value);
  });
});
