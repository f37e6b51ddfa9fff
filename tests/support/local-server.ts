import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

export interface LocalServer {
  url: string;
  dataDir: string;
  /** Milliseconds from spawning the command to its "Ready" line. */
  readyMs: number;
  output: () => string;
  stop: () => Promise<void>;
  /** Kills the whole process group at once (SIGKILL: a crash, nothing closed), then waits for exit. */
  kill: () => Promise<void>;
}

/** Extra environment for the server process (e.g. LLM_BASE_URL and LLM_API_KEY of a fake model endpoint). */
export type ServerEnv = Record<string, string>;

/**
 * Starts the embedded shape the way the README does (`npm start` = scripts/start.mjs, which builds
 * the SPA when stale) on a free port with its state in `dataDir`.
 */
export function startLocalServer(
  dataDir: string,
  timeoutMs = 180_000,
  env: ServerEnv = {},
): Promise<LocalServer> {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: '0', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error(`server not ready in ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      void stopProcess(child);
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /Ready: (http:\/\/\S+)/.exec(output)?.[1];
      if (!url) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stdout?.on('data', (more: Buffer) => {
        output += more.toString();
      });
      resolve({
        url,
        dataDir,
        readyMs: performance.now() - started,
        output: () => output,
        stop: () => stopProcess(child),
        kill: () => killProcess(child),
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => fail(new Error(`server exited with ${code}:\n${output}`)));
  });
}

/** Stops the whole process group gracefully (the server closes its database), then waits for exit. */
function stopProcess(child: ChildProcess): Promise<void> {
  if (exited(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    process.kill(-(child.pid as number), 'SIGTERM');
  });
}

function killProcess(child: ChildProcess): Promise<void> {
  if (exited(child)) return Promise.resolve();
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-(child.pid as number), 'SIGKILL');
  return gone;
}

/** Ended by itself or by a signal (a killed child has a signalCode and no exitCode). */
const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null || child.pid === undefined;

/**
 * A server on a fresh data folder under tests/.tmp, removed when it stops (E2E_KEEP_DATA=1 keeps it
 * for a post-mortem).
 */
export async function startFreshServer(env: ServerEnv = {}): Promise<LocalServer> {
  const tmpRoot = join(root, 'tests/.tmp');
  await mkdir(tmpRoot, { recursive: true });
  const dataDir = await mkdtemp(join(tmpRoot, 'server-'));
  const server = await startLocalServer(dataDir, undefined, env);
  return {
    ...server,
    stop: async () => {
      await server.stop();
      if (!process.env.E2E_KEEP_DATA) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
