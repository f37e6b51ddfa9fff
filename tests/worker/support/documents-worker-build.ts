import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** The documents Worker's deploy config beside wrangler.toml. */
export const DOCUMENTS_CONFIG = 'wrangler.documents.toml';
/** Its name there, which wrangler.toml's DOCUMENTS service binding names. */
export const DOCUMENTS_WORKER_NAME = 'botbuilder-documents';

/**
 * The documents Worker as `wrangler deploy --dry-run` bundles it for upload: the Workers pool runs
 * auxiliary Workers from built JavaScript only, so the tests run the very bundle that would deploy.
 */
export function buildDocumentsWorker(root: string): string {
  const outdir = join(root, 'tests/.tmp/documents-worker');
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const result = spawnSync(
    'npx',
    ['wrangler', 'deploy', '-c', DOCUMENTS_CONFIG, '--dry-run', '--outdir', outdir],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    },
  );
  if (result.status !== 0) throw new Error(`building the documents Worker failed:\n${result.stderr}`);
  return join(outdir, 'documents-worker.js');
}
