import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { QUIET_CLI_ENV, ROOT } from './support/processes';

const run = promisify(execFile);

/**
 * Workers' compressed size limit on the free plan is 3 MiB; we keep well under it. About 0.5 MiB
 * of it is pdf.js (through unpdf), which reads the text of uploaded PDFs in the indexing job.
 */
const GZIP_BUDGET_BYTES = 1.5 * 1024 * 1024;

describe('wrangler deploy --dry-run', () => {
  const tmpRoot = join(ROOT, 'tests/.tmp');
  let outdir = '';
  afterAll(() => (outdir ? rm(outdir, { recursive: true, force: true }) : undefined));

  it('bundles the Worker from wrangler.toml without Node-only or embedded-shape code', async () => {
    await mkdir(tmpRoot, { recursive: true });
    outdir = await mkdtemp(join(tmpRoot, 'wrangler-dry-run-'));
    const started = performance.now();
    const { stdout } = await run(
      'npx',
      ['wrangler', 'deploy', '--dry-run', '--outdir', outdir, '--metafile', join(outdir, 'meta.json')],
      { cwd: ROOT, env: { ...process.env, ...QUIET_CLI_ENV }, timeout: 120_000 },
    );
    const dryRunMs = Math.round(performance.now() - started);
    expect(stdout).toContain('--dry-run: exiting now.');

    const code = await readFile(join(outdir, 'worker.js'));
    const gzipBytes = gzipSync(code).length;
    expect(gzipBytes).toBeLessThan(GZIP_BUDGET_BYTES);

    const meta = JSON.parse(await readFile(join(outdir, 'meta.json'), 'utf8')) as { inputs: object };
    const inputs = Object.keys(meta.inputs);
    expect(inputs).toContain('functions/worker.ts');
    // PGlite cannot run on Workers, the local runner and .eml mail belong to `npm start`.
    for (const forbidden of ['pglite', 'jobs-local', 'mail-eml', 'local-rooms-socket', '@hono/node-server']) {
      expect(inputs.filter((input) => input.includes(forbidden))).toEqual([]);
    }

    const reports = join(tmpRoot, 'reports');
    await mkdir(reports, { recursive: true });
    await writeFile(
      join(reports, 'worker-bundle.json'),
      JSON.stringify({ bytes: code.length, gzipBytes, dryRunMs }, null, 2),
    );
  });
});
