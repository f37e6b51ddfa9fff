import type { Server } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { listenFirst } from '../../../functions/local-listen';
import { createTestApp, type TestApp, type TestAppOptions } from '../../support/test-app';
import { apiClient, type Call } from './client';

/**
 * The app over a real HTTP server on a free port, its public URL that address, so outside parties
 * (a fake payment provider) can call it back. `options` gets the origin, to point fakes at it.
 */
export function listeningTestApp(options: (origin: string) => Promise<TestAppOptions> | TestAppOptions) {
  const app = {} as { t: TestApp; call: Call; origin: string; server: Server };
  beforeAll(async () => {
    const listening = await listenFirst('127.0.0.1', 0);
    app.server = listening.server;
    app.origin = `http://127.0.0.1:${listening.port}`;
    const extra = await options(app.origin);
    app.t = await createTestApp({ ...extra, settings: { publicUrl: app.origin, ...extra.settings } });
    app.call = apiClient(app.t);
    listening.serve(app.t.app.fetch);
  });
  afterAll(async () => {
    app.server.closeAllConnections();
    await new Promise((done) => app.server.close(done));
    await app.t.close();
  });
  return app;
}
