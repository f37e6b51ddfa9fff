import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;

const gzipped = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/** The JavaScript the browser loads before the first screen: the entry script and its preloads. */
export function spaInitialJsGzip(): { bytes: number; files: number } {
  const dist = join(root, 'web/dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.js)"/g)].map(
    (m) => m[1] ?? '',
  );
  return { bytes: scripts.reduce((sum, src) => sum + gzipped(join(dist, src)), 0), files: scripts.length };
}

/** The embeddable website widget, the one file a customer's page loads. */
export const widgetBundleGzip = (): number => gzipped(join(root, 'web/dist/widget.js'));

/** Bundles the Worker as `wrangler deploy --dry-run` would upload it and measures it gzipped. */
export function workerBundleGzip(outdir: string): number {
  const result = spawnSync('npx', ['wrangler', 'deploy', '--dry-run', '--outdir', outdir], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
  });
  if (result.status !== 0) throw new Error(`wrangler dry-run failed:\n${result.stderr}`);
  return readdirSync(outdir)
    .filter((name) => /\.(m?js|wasm)$/.test(name) && statSync(join(outdir, name)).isFile())
    .reduce((sum, name) => sum + gzipped(join(outdir, name)), 0);
}
