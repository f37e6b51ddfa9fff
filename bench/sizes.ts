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

/**
 * Strings that only document reading (pdf.js, DOCX and XLSX internals) and PDF drawing (pdfmake, its
 * font) carry: none may be in the API Worker, whose every webhook's cold start would pay for them.
 */
export const DOCUMENT_CODE_MARKERS = [
  'pdfjs',
  'PDFDocument',
  'pdfmake',
  'FlateDecode',
  'DejaVuSans',
  'word/document.xml',
  'sharedStrings.xml',
] as const;

/** The API Worker's target (issue #25), gzipped, with every integration in it. */
export const API_WORKER_BUDGET_BYTES = 400 * 1024;

/** The API Worker's and the documents Worker's wrangler configurations. */
export const WORKER_CONFIGS = { api: 'wrangler.toml', documents: 'wrangler.documents.toml' } as const;

export interface WorkerBundle {
  /** Its JavaScript and WebAssembly, gzip -9. */
  gzipBytes: number;
  /** The DOCUMENT_CODE_MARKERS its code contains. */
  documentCode: string[];
}

/** Bundles a Worker as `wrangler deploy --dry-run -c <config>` would upload it and measures it gzipped. */
export function workerBundle(config: string, outdir: string): WorkerBundle {
  const result = spawnSync('npx', ['wrangler', 'deploy', '-c', config, '--dry-run', '--outdir', outdir], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
  });
  if (result.status !== 0) throw new Error(`wrangler dry-run of ${config} failed:\n${result.stderr}`);
  const files = readdirSync(outdir)
    .filter((name) => /\.(m?js|wasm)$/.test(name) && statSync(join(outdir, name)).isFile())
    .map((name) => join(outdir, name));
  const code = files.map((file) => readFileSync(file, 'latin1')).join('\n');
  return {
    gzipBytes: files.reduce((sum, file) => sum + gzipped(file), 0),
    documentCode: DOCUMENT_CODE_MARKERS.filter((marker) => code.includes(marker)),
  };
}
