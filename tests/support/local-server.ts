import { type ChildProcess, spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

export interface LocalServer {
  url: string;
  /** Milliseconds from spawning the command to its "Ready" line. */
  readyMs: number;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the embedded shape the way the README does (`npm start` = scripts/start.mjs, which builds
 * the SPA when stale) on a free port with its state in `dataDir`.
 */
export function startLocalServer(dataDir: string, timeoutMs = 180_000): Promise<LocalServer> {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir },
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
        readyMs: performance.now() - started,
        output: () => output,
        stop: () => stopProcess(child),
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
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    process.kill(-(child.pid as number), 'SIGTERM');
  });
}

/** The code in the newest `.eml` the embedded server wrote for `email`. */
export async function codeFromMailFolder(dataDir: string, email: string): Promise<string> {
  const folder = join(dataDir, 'mail');
  const names = (await readdir(folder)).filter((name) => name.endsWith('.eml')).sort();
  for (const name of names.reverse()) {
    const eml = await readFile(join(folder, name), 'utf8');
    const [head = '', body = ''] = eml.split('\r\n\r\n');
    if (!head.split('\r\n').includes(`To: ${email}`)) continue;
    const text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    const code = /\b(\d{6})\b/.exec(text)?.[1];
    if (code) return code;
  }
  throw new Error(`no code for ${email} in ${folder}`);
}
