// A throwaway PostgreSQL server for tests: Debian's postgresql-15 (installed with apt-get when
// missing, like chromium for e2e), a cluster made by initdb in a temp folder, started by pg_ctl on a
// free port of 127.0.0.1, stopped and removed after.
//
//   node scripts/postgres.mjs -- <command> [args…]   runs the command with TEST_DATABASE_URL set
//
// Debian 12 has no pgvector package, so this server has no `vector` extension: the product starts
// without it and says so where knowledge needs it (functions/ports/db-postgres.ts).
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const BIN = '/usr/lib/postgresql/15/bin';
const isRoot = process.getuid?.() === 0;

function apt(args) {
  const [command, ...prefix] = isRoot ? ['apt-get'] : ['sudo', 'apt-get'];
  const result = spawnSync(command, [...prefix, ...args], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

/** Installs postgresql-15 when its binaries are missing. */
export function ensurePostgres() {
  if (existsSync(join(BIN, 'pg_ctl'))) return;
  console.log('Installing postgresql-15 for the tests…');
  if (!apt(['update', '-qq']) || !apt(['install', '-y', '-qq', 'postgresql-15'])) {
    throw new Error('Could not install postgresql-15; the Postgres tests need it.');
  }
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the cluster on a port probed free, and on another when that one was taken between the
 * probe and Postgres's bind (pg_ctl then fails and the server's log says so). Resolves to the port.
 */
async function startOnFreePort(folder, data, sharedPreloadLibraries) {
  const log = join(folder, 'server.log');
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const options = [
      `-p ${port}`,
      '-c listen_addresses=127.0.0.1',
      `-c unix_socket_directories=${folder}`,
      '-c max_connections=400',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      ...(sharedPreloadLibraries.length > 0
        ? [`-c shared_preload_libraries=${sharedPreloadLibraries.join(',')}`]
        : []),
    ].join(' ');
    try {
      asOwner('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', 'start']);
      return port;
    } catch (error) {
      const taken = existsSync(log) && readFileSync(log, 'utf8').includes('Address already in use');
      if (attempt === 3 || !taken) throw error;
      rmSync(log, { force: true });
    }
  }
}

/** initdb refuses to run as root: as root the cluster belongs to the `postgres` system user. */
function asOwner(binary, args) {
  const [command, commandArgs] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', join(BIN, binary), ...args]]
    : [join(BIN, binary), args];
  const result = spawnSync(command, commandArgs, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${binary} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
}

/**
 * Starts a fresh server; resolves to its superuser URL and a stop() that shuts it down and removes
 * its folder. Durability is off (fsync, full page writes): the data lives only as long as the tests.
 * `sharedPreloadLibraries` (e.g. ['pg_stat_statements'], in Debian's package) are loaded at start;
 * none by default.
 */
export async function startThrowawayPostgres({ sharedPreloadLibraries = [] } = {}) {
  ensurePostgres();
  const folder = mkdtempSync(join(tmpdir(), 'pg-throwaway-'));
  const data = join(folder, 'data');
  if (isRoot) {
    const { uid, gid } = postgresUser();
    chownSync(folder, uid, gid);
  }
  chmodSync(folder, 0o700);
  asOwner('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8']);
  const port = await startOnFreePort(folder, data, sharedPreloadLibraries);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDirectory: data,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        asOwner('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}

function postgresUser() {
  const id = (flag) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  const gid = id('-g');
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error('no postgres system user');
  return { uid, gid };
}

/** Runs `command` with TEST_DATABASE_URL pointing at a throwaway server; returns its exit status. */
export async function withThrowawayPostgres(command, args, env = {}) {
  const server = await startThrowawayPostgres();
  const stop = () => server.stop();
  process.once('exit', stop);
  try {
    const result = spawnSync(command, args, {
      stdio: 'inherit',
      env: { ...process.env, ...env, TEST_DATABASE_URL: server.url },
    });
    return result.status ?? 1;
  } finally {
    stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dash = process.argv.indexOf('--');
  const [command, ...args] = dash === -1 ? [] : process.argv.slice(dash + 1);
  if (!command) {
    console.error('usage: node scripts/postgres.mjs -- <command> [args…]');
    process.exit(2);
  }
  process.exit(await withThrowawayPostgres(command, args));
}
