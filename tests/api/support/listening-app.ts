import { once } from 'node:events';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll } from 'vitest';
import { freePort } from '../../../functions/local-port';
import { createTestApp, type TestApp, type TestAppOptions } from '../../support/test-app';
import { apiClient, type Call } from './client';

/**
 * The app over a real HTTP server on a free port, its public URL that address, so outside parties
 * (a fake payment provider) can call it back. `options` gets the origin, to point fakes at it.
 */
export function listeningTestApp(options: (origin: string) => Promise<TestAppOptions> | TestAppOptions) {
  const app = {} as { t: TestApp; call: Call; origin: string; server: Server };
  beforeAll(async () => {
    const port = await freePort('127.0.0.1');
    app.origin = `http://127.0.0.1:${port}`;
    const extra = await options(app.origin);
    app.t = await createTestApp({ ...extra, settings: { publicUrl: app.origin, ...extra.settings } });
    app.call = apiClient(app.t);
    app.server = serve({ fetch: app.t.app.fetch, port, hostname: '127.0.0.1' }) as Server;
    await once(app.server, 'listening');
  });
  afterAll(async () => {
    app.server.closeAllConnections();
    await new Promise((done) => app.server.close(done));
    await app.t.close();
  });
  return app;
}
