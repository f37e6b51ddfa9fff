// `npm test`: installs what the browser tests need, then runs the static checks and every test suite,
// and ends with one line of totals.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startThrowawayPostgres } from './postgres.mjs';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, 'tests/.tmp/reports');
mkdirSync(reports, { recursive: true });

process.env.WRANGLER_SEND_METRICS = 'false';
process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
process.env.NO_UPDATE_NOTIFIER = '1';

function run(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/**
 * Debian packages the tests drive: the browser for e2e, pdftotext for the invoice PDFs, a Postgres
 * server for the api suite's second run (scripts/postgres.mjs).
 */
const NEEDED = [
  { binary: '/usr/bin/chromium', pkg: 'chromium' },
  { binary: '/usr/bin/pdftotext', pkg: 'poppler-utils' },
  { binary: '/usr/lib/postgresql/15/bin/pg_ctl', pkg: 'postgresql-15' },
];

function ensureTools() {
  const missing = NEEDED.filter((tool) => !existsSync(tool.binary)).map((tool) => tool.pkg);
  if (missing.length === 0) return;
  console.log(`Installing ${missing.join(', ')} for the tests…`);
  const [command, ...prefix] = process.getuid?.() === 0 ? ['apt-get'] : ['sudo', 'apt-get'];
  const apt = (args) =>
    run(`apt-get ${args[0]}`, command, [...prefix, ...args], { DEBIAN_FRONTEND: 'noninteractive' });
  if (!apt(['update', '-qq']) || !apt(['install', '-y', '-qq', ...missing])) {
    console.error(`Could not install ${missing.join(', ')}; the tests need them.`);
    process.exit(1);
  }
}

/** Tests that need a Postgres server of their own (several `npm start` processes, a race between two sessions). */
const SERVER_ONLY = [
  'tests/api/many-processes.test.ts',
  'tests/api/postgres-processes.test.ts',
  'tests/api/welcome-credit-race.test.ts',
];

const suites = [
  { name: 'unit', args: ['vitest', 'run', '--project', 'unit'] },
  // Tests of several processes on one Postgres server run once, in the Postgres pass below.
  {
    name: 'api',
    args: ['vitest', 'run', '--project', 'api', ...SERVER_ONLY.flatMap((file) => ['--exclude', file])],
  },
  // The same api tests against a real Postgres server (a throwaway one), as the Node shape runs with DATABASE_URL.
  { name: 'api (postgres)', args: ['vitest', 'run', '--project', 'api'], postgres: true },
  { name: 'worker', args: ['vitest', 'run', '--config', 'tests/worker/vitest.config.mts'] },
  { name: 'e2e', args: ['vitest', 'run', '--project', 'e2e'] },
];

ensureTools();
const checks = [
  run('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']),
  run('typecheck (worker tests)', 'npx', ['tsc', '-p', 'tests/worker/tsconfig.json', '--noEmit']),
  run('lint', 'npx', ['biome', 'check', '.']),
];

let passed = 0;
let failed = 0;
const failedSuites = [];
/** Each failed test with its first line of failure, repeated at the end where a CI log's tail shows it. */
const failedTests = [];

function failuresOf(suiteName, report) {
  const root = new URL('..', import.meta.url).pathname;
  for (const file of report.testResults ?? []) {
    const name = file.name.replace(root, '');
    if (file.status === 'failed' && (file.assertionResults ?? []).every((test) => test.status !== 'failed')) {
      failedTests.push(`${suiteName} · ${name}: ${(file.message || 'failed').split('\n')[0]}`);
    }
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const why = (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
      failedTests.push(`${suiteName} · ${name} › ${test.fullName}: ${why}`);
    }
  }
}
for (const suite of suites) {
  const output = join(reports, `${suite.name.replace(/\W+/g, '-')}.json`);
  rmSync(output, { force: true });
  const server = suite.postgres ? await startThrowawayPostgres() : undefined;
  let ok = false;
  try {
    ok = run(
      `${suite.name} tests`,
      'npx',
      [...suite.args, '--reporter=default', '--reporter=json', `--outputFile.json=${output}`],
      server ? { TEST_DATABASE_URL: server.url } : {},
    );
  } finally {
    server?.stop();
  }
  // The report decides as well: a runner has been seen to exit 0 with a failed test (the Workers pool).
  let reportFailed = 1;
  if (existsSync(output)) {
    const report = JSON.parse(readFileSync(output, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    reportFailed = report.numFailedTests + (report.success === false ? 1 : 0);
    failuresOf(suite.name, report);
  }
  if (!ok || reportFailed > 0) failedSuites.push(suite.name);
}

if (checks.includes(false)) failedSuites.unshift('static checks');
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((line) => `  ${line}`).join('\n')}`);
if (failedSuites.length) console.log(`\nFailed: ${failedSuites.join(', ')}`);
console.log(`\nTotal: ${passed} passed, ${failed} failed`);
process.exit(failedSuites.length ? 1 : 0);
