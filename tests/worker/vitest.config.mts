import { fileURLToPath } from 'node:url';
import { cloudflareTest } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';
import { buildDocumentsWorker, DOCUMENTS_WORKER_NAME } from './support/documents-worker-build.ts';
import { ensureWebBuild } from './support/ensure-web-build.ts';
import { TEST_SECRETS } from './support/secrets.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
process.env.WRANGLER_SEND_METRICS = 'false';
process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
process.env.NO_UPDATE_NOTIFIER = '1';
ensureWebBuild(root);
// The API Worker's DOCUMENTS binding reaches this bundle, run beside it in the same workerd.
const documentsWorker = buildDocumentsWorker(root);

// The production shape: `worker` runs inside workerd (the Workers pool, configured from wrangler.toml)
// against Node-side services from global-setup.ts; `worker-build` runs in Node and checks what workerd
// alone cannot: wrangler's deploy bundle, the static-assets router under `wrangler dev`, and the
// PartyKit room under `partykit dev` beside the local rooms.
export default defineConfig({
  root,
  test: {
    projects: [
      {
        plugins: [
          cloudflareTest(({ inject }) => ({
            wrangler: { configPath: './wrangler.toml' },
            miniflare: {
              bindings: inject('workerBindings'),
              workers: [
                {
                  name: DOCUMENTS_WORKER_NAME,
                  modules: true,
                  scriptPath: documentsWorker,
                  compatibilityDate: '2026-04-20',
                  bindings: { DOCUMENTS_SECRET: TEST_SECRETS.DOCUMENTS_SECRET },
                },
              ],
            },
          })),
        ],
        test: {
          name: 'worker',
          include: ['tests/worker/**/*.worker.test.ts'],
          globalSetup: ['tests/worker/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'worker-build',
          include: ['tests/worker/**/*.node.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
