// `npm start`: builds the SPA when its sources are newer than the build, then runs the embedded
// server in this process from its cached bundle (scripts/server-bundle.mjs), rebuilt when stale.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServerBundle, cachedServerBundle } from './server-bundle.mjs';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'web/dist/index.html');
const widget = join(root, 'web/dist/widget.js');
// The API reference's renderer, copied in by the SPA's build (functions/shared/api-docs.ts).
const scalar = join(root, 'web/dist/assets/scalar/standalone.js');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

function needsBuild() {
  if (!existsSync(built) || !existsSync(widget) || !existsSync(scalar)) return true;
  const sources = ['web/src', 'web/widget', 'web/index.html', 'web/vite.config.ts', 'functions/shared'].map(
    (p) => join(root, p),
  );
  const newest = Math.max(...sources.filter(existsSync).map(newestMtime));
  return newest > statSync(built).mtimeMs;
}

if (needsBuild()) {
  console.log('Building the web app…');
  // The SPA first (its build empties web/dist), then the chat widget beside it.
  for (const config of ['web/vite.config.ts', 'web/widget/vite.config.ts']) {
    const result = spawnSync('npx', ['vite', 'build', '--config', config, '--logLevel', 'warn'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

let bundle = cachedServerBundle();
if (!bundle) {
  console.log('Building the server…');
  bundle = await buildServerBundle();
}
// Stack traces name the TypeScript sources.
process.setSourceMapsEnabled(true);
// The server handles SIGINT/SIGTERM itself (it closes the database before exiting).
await import(pathToFileURL(bundle).href);
