import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * wrangler.toml serves ./web/dist as the Worker's static assets and refuses a missing folder, so a
 * clean checkout builds the SPA once before the Worker tests (as `npm start` does). The bot templates
 * the Worker reads from there are written every time (`npm start`'s build empties the folder, and the
 * templates may have changed since).
 */
export function ensureWebBuild(root: string): void {
  if (!existsSync(join(root, 'web/dist/index.html'))) {
    run(root, ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], 'the web app');
  }
  run(root, ['tsx', 'scripts/build-templates.ts'], 'the bot templates');
}

function run(root: string, args: string[], what: string): void {
  const result = spawnSync('npx', args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`building ${what} for the Worker tests failed`);
}
