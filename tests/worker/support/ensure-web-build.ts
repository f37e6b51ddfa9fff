import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * wrangler.toml serves ./web/dist as the Worker's static assets and refuses a missing folder, so a
 * clean checkout builds the SPA once before the Worker tests (as `npm start` does).
 */
export function ensureWebBuild(root: string): void {
  if (existsSync(join(root, 'web/dist/index.html'))) return;
  const result = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('building the web app for the Worker tests failed');
}
