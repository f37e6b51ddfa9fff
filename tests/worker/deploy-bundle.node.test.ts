import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { API_WORKER_BUDGET_BYTES, DOCUMENT_CODE_MARKERS, WORKER_CONFIGS } from '../../bench/sizes';
import { QUIET_CLI_ENV, ROOT } from './support/processes';

const run = promisify(execFile);

/** Workers' compressed size limit on the free plan; the documents Worker, with pdf.js and pdfmake, keeps under it. */
const FREE_PLAN_GZIP_BYTES = 3 * 1024 * 1024;

/** Modules of document reading and PDF drawing, which only the documents Worker bundles. */
const DOCUMENT_MODULES = [
  'node_modules/unpdf',
  'node_modules/pdfmake',
  'node_modules/read-excel-file',
  'node_modules/papaparse',
  'functions/services/knowledge/parse.ts',
  'functions/services/knowledge/pdf.ts',
  'functions/payments/invoice/pdf.ts',
  'functions/payments/invoice/fonts-data.ts',
];

const tmpRoot = join(ROOT, 'tests/.tmp');
const outdirs: string[] = [];
afterAll(() => Promise.all(outdirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/** `wrangler deploy --dry-run -c <config>`: the code as it would be uploaded, and its bundle's inputs. */
async function dryRun(config: string, script: string) {
  await mkdir(tmpRoot, { recursive: true });
  const outdir = await mkdtemp(join(tmpRoot, 'wrangler-dry-run-'));
  outdirs.push(outdir);
  const started = performance.now();
  const { stdout } = await run(
    'npx',
    [
      'wrangler',
      'deploy',
      '-c',
      config,
      '--dry-run',
      '--outdir',
      outdir,
      '--metafile',
      join(outdir, 'meta.json'),
    ],
    { cwd: ROOT, env: { ...process.env, ...QUIET_CLI_ENV }, timeout: 120_000 },
  );
  const dryRunMs = Math.round(performance.now() - started);
  expect(stdout).toContain('--dry-run: exiting now.');
  const code = await readFile(join(outdir, script));
  const meta = JSON.parse(await readFile(join(outdir, 'meta.json'), 'utf8')) as { inputs: object };
  const text = code.toString('latin1');
  return {
    bytes: code.length,
    gzipBytes: gzipSync(code, { level: 9 }).length,
    dryRunMs,
    inputs: Object.keys(meta.inputs),
    markers: DOCUMENT_CODE_MARKERS.filter((marker) => text.includes(marker)),
  };
}

const among = (inputs: string[], names: string[]) =>
  inputs.filter((input) => names.some((name) => input.includes(name)));

async function report(name: string, figures: { bytes: number; gzipBytes: number; dryRunMs: number }) {
  const reports = join(tmpRoot, 'reports');
  await mkdir(reports, { recursive: true });
  const { bytes, gzipBytes, dryRunMs } = figures;
  await writeFile(join(reports, `${name}.json`), JSON.stringify({ bytes, gzipBytes, dryRunMs }, null, 2));
}

describe('wrangler deploy --dry-run', () => {
  it('bundles the API Worker within 400 KiB gzipped, without document reading, PDFs or embedded-shape code', async () => {
    const api = await dryRun(WORKER_CONFIGS.api, 'worker.js');
    expect(api.inputs).toContain('functions/worker.ts');
    // PGlite cannot run on Workers, the local runner and .eml mail belong to `npm start`.
    const nodeOnly = ['pglite', 'jobs-local', 'mail-eml', 'local-rooms-socket', '@hono/node-server'];
    expect(among(api.inputs, nodeOnly)).toEqual([]);
    // Documents are read and PDFs drawn behind the DOCUMENTS binding, in the documents Worker.
    expect(among(api.inputs, DOCUMENT_MODULES)).toEqual([]);
    expect(api.markers).toEqual([]);
    // The bot templates' texts are read from the static assets (functions/ports/templates-assets.ts).
    expect(among(api.inputs, ['db/seed/templates'])).toEqual([]);
    expect(api.gzipBytes).toBeLessThanOrEqual(API_WORKER_BUDGET_BYTES);
    await report('worker-bundle', api);
  });

  it('bundles the documents Worker with the readers and the PDF writer, and nothing of the API', async () => {
    const documents = await dryRun(WORKER_CONFIGS.documents, 'documents-worker.js');
    expect(documents.inputs).toContain('functions/documents-worker.ts');
    // What the API Worker is checked to lack is here, so the markers above are the right ones.
    expect(documents.markers).toEqual([...DOCUMENT_CODE_MARKERS]);
    expect(among(documents.inputs, ['node_modules/unpdf', 'node_modules/pdfmake'])).not.toEqual([]);
    // No database, queue or app: it reads bytes and draws PDFs, nothing else.
    const apiOnly = [
      'functions/app.ts',
      'drizzle-orm',
      '@neondatabase',
      '@upstash',
      'functions/integrations/',
    ];
    expect(among(documents.inputs, apiOnly)).toEqual([]);
    expect(documents.gzipBytes).toBeLessThan(FREE_PLAN_GZIP_BYTES);
    await report('documents-worker-bundle', documents);
  });
});
