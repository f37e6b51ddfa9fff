// The embedded server (functions/local.ts) as one prebuilt ES module, so `npm start` neither loads a
// TypeScript loader nor transforms the sources at each start. The bundle is cached under
// node_modules/.cache and rebuilt only when a project file it was built from, this script or the
// lock file changed (size or modification time). Packages stay external, loaded from node_modules
// (bundling them too measured no faster).
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
const cacheDir = join(root, 'node_modules/.cache/botbuilder-server');
// One manifest per checkout, should several share node_modules.
const manifestPath = join(
  cacheDir,
  `manifest-${createHash('sha256').update(root).digest('hex').slice(0, 12)}.json`,
);
const ENTRY = 'functions/local.ts';
/** The document parser's worker thread (functions/ports/parser-thread.ts), built beside the server. */
const PARSER_THREAD_ENTRY = 'functions/ports/parser-thread-entry.ts';
const PARSER_THREAD_FILE = 'parser-thread.mjs';
const ALWAYS_CHECKED = ['package-lock.json', 'scripts/server-bundle.mjs'];
/** Builds older than this that the manifest no longer names are removed (a running start may still hold a newer one). */
const STALE_BUILD_MS = 10 * 60_000;

function stamp(file) {
  try {
    const stat = statSync(join(root, file));
    return `${stat.mtimeMs}:${stat.size}`;
  } catch {
    return 'missing';
  }
}

function readManifest() {
  try {
    return JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch {
    return null;
  }
}

/** The cached bundle's path when none of its inputs changed since it was built, otherwise null. */
export function cachedServerBundle() {
  const manifest = readManifest();
  if (!manifest || manifest.root !== root || typeof manifest.bundle !== 'string') return null;
  const bundle = join(cacheDir, manifest.bundle);
  if (!existsSync(bundle) || !existsSync(join(dirname(bundle), PARSER_THREAD_FILE))) return null;
  const unchanged = Object.entries(manifest.files).every(([file, was]) => stamp(file) === was);
  return unchanged ? bundle : null;
}

/**
 * `import.meta.url`/`dirname`/`filename` keep meaning the source module (web/dist and the migrations
 * are found next to the sources), wherever the bundle is.
 */
function sourceLocations() {
  return {
    name: 'source-locations',
    transform(code, id) {
      if (!isAbsolute(id) || id.includes(`${sep}node_modules${sep}`) || !code.includes('import.meta.'))
        return null;
      const values = {
        url: JSON.stringify(pathToFileURL(id).href),
        dirname: JSON.stringify(dirname(id)),
        filename: JSON.stringify(id),
      };
      return {
        code: code.replace(/\bimport\.meta\.(url|dirname|filename)\b/g, (_, key) => values[key]),
        map: null,
      };
    },
  };
}

/** Builds the bundle into a fresh folder and names it in the manifest (atomically: starts may run side by side). */
export async function buildServerBundle() {
  const { build } = await import('vite');
  const started = Date.now();
  mkdirSync(cacheDir, { recursive: true });
  const folder = `build-${Date.now()}-${process.pid}`;
  const outDir = join(cacheDir, folder);
  mkdirSync(outDir, { recursive: true });
  const bundle = (entry, fileName, define) =>
    build({
      configFile: false,
      root,
      logLevel: 'warn',
      publicDir: false,
      plugins: [sourceLocations()],
      define,
      build: {
        ssr: entry,
        outDir,
        emptyOutDir: false,
        minify: false,
        sourcemap: true,
        target: 'node20',
        reportCompressedSize: false,
        rolldownOptions: { output: { codeSplitting: false, entryFileNames: fileName } },
      },
    });
  // The thread's script first; the server finds it by the path defined into its bundle.
  const thread = await bundle(PARSER_THREAD_ENTRY, PARSER_THREAD_FILE, {});
  const server = await bundle(ENTRY, 'local.mjs', {
    __PARSER_THREAD_BUNDLE__: JSON.stringify(join(outDir, PARSER_THREAD_FILE)),
  });
  const chunks = [thread, server]
    .flatMap((output) => (Array.isArray(output) ? output : [output]))
    .flatMap((o) => o.output ?? []);
  const sources = chunks
    .flatMap((chunk) => chunk.moduleIds ?? [])
    .filter((id) => isAbsolute(id) && id.startsWith(root) && !id.includes(`${sep}node_modules${sep}`))
    .map((id) => relative(root, id));
  // A file edited while the build ran may be in the bundle in its older form: it counts as changed.
  const files = Object.fromEntries(
    [...new Set([...sources, ...ALWAYS_CHECKED])].map((file) => {
      const now = stamp(file);
      return [file, Number.parseFloat(now) >= started ? 'edited during the build' : now];
    }),
  );
  const temporary = `${manifestPath}.${process.pid}`;
  writeFileSync(temporary, JSON.stringify({ root, bundle: `${folder}/local.mjs`, files }));
  renameSync(temporary, manifestPath);
  removeStaleBuilds();
  return join(cacheDir, folder, 'local.mjs');
}

function removeStaleBuilds() {
  const names = readdirSync(cacheDir);
  const named = new Set(
    names
      .filter((name) => name.startsWith('manifest-') && name.endsWith('.json'))
      .map((name) => {
        try {
          return dirname(JSON.parse(readFileSync(join(cacheDir, name), 'utf8')).bundle);
        } catch {
          return '';
        }
      }),
  );
  for (const name of names) {
    const path = join(cacheDir, name);
    if (!name.startsWith('build-') || named.has(name)) continue;
    const age = Date.now() - (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
    if (age > STALE_BUILD_MS) rmSync(path, { recursive: true, force: true });
  }
}
