import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Keeps wrangler and partykit offline and quiet (TOOLCHAIN.md). */
export const QUIET_CLI_ENV = {
  WRANGLER_SEND_METRICS: 'false',
  CLOUDFLARE_CF_FETCH_ENABLED: 'false',
  NO_UPDATE_NOTIFIER: '1',
} as const;

export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

export interface DevServer {
  /** The server's origin, no trailing slash. */
  url: string;
  /** Everything the process printed so far. */
  output: () => string;
  stop: () => Promise<void>;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

/** Signals the child's whole process group (npx, the CLI, its workerd) — only what we started. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** Runs a dev server command and waits until `url` (an origin) answers anything over HTTP. */
async function startDevServer(command: string[], url: string, timeoutMs = 90_000): Promise<DevServer> {
  const [program = 'npx', ...args] = command;
  const child = spawn(program, args, {
    cwd: ROOT,
    env: { ...process.env, ...QUIET_CLI_ENV },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const stop = async () => {
    signalGroup(child, 'SIGTERM');
    const killer = setTimeout(() => signalGroup(child, 'SIGKILL'), 5_000);
    await exited(child);
    clearTimeout(killer);
    // partykit's workerd can outlive the CLI on SIGTERM; nothing of the group may stay behind.
    await sleep(200);
    signalGroup(child, 'SIGKILL');
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command.join(' ')} exited early:\n${output}`);
    try {
      await fetch(`${url}/`, { signal: AbortSignal.timeout(2_000) });
      return { url, output: () => output, stop };
    } catch {
      await sleep(200);
    }
  }
  await stop();
  throw new Error(`${command.join(' ')} not ready in ${timeoutMs} ms:\n${output}`);
}

/**
 * A dev server on a port probed free, started again on another when the port was taken between the
 * probe and the server's bind (the port goes on the command line, so the probe cannot hold it).
 */
export async function startOnFreePort(command: (port: number) => Promise<string[]>): Promise<DevServer> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await startDevServer(await command(port), `http://127.0.0.1:${port}`);
    } catch (error) {
      if (attempt === 3 || !/address already in use|EADDRINUSE/i.test(String(error))) throw error;
    }
  }
}

/** `partykit dev` offline on a free port with the rooms' shared secret, keeping its state in `stateDir`. */
export async function startPartykitDev(
  secret: string,
  stateDir: string,
  vars: Record<string, string> = {},
): Promise<DevServer> {
  return startOnFreePort(async (port) => [
    'npx',
    'partykit',
    'dev',
    '--port',
    String(port),
    '--var',
    `PARTYKIT_SECRET=${secret}`,
    ...Object.entries(vars).flatMap(([name, value]) => ['--var', `${name}=${value}`]),
    '--disable-request-cf-fetch',
    '--no-hotkeys',
    '--persist',
    join(ROOT, stateDir),
  ]);
}
