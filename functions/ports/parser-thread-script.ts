import { rmSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The thread entry's output name, here and in scripts/server-bundle.mjs. */
const PARSER_THREAD_FILE = 'parser-thread.mjs';

let built: Promise<string> | undefined;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Builds of processes that ended without 'exit' (a test runner's killed workers). */
async function removeOrphanedBuilds(folder: string): Promise<void> {
  for (const name of await readdir(folder).catch(() => [] as string[])) {
    const pid = Number(/^build-(\d+)-/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !alive(pid))
      await rm(join(folder, name), { recursive: true, force: true });
  }
}

/**
 * The parser thread's script when the TypeScript sources run (tests, tsx): parser-thread-entry.ts
 * built once per process with vite as scripts/server-bundle.mjs builds it for `npm start` (packages
 * stay external, so the output lives under node_modules/.cache to find them), removed at exit. A
 * prebuilt script starts a thread in ~0.1 s; a TypeScript loader inside each thread took ~1 s of CPU.
 */
export function sourceThreadScript(): Promise<string> {
  built ??= (async () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const builds = join(root, 'node_modules/.cache/botbuilder-parser-thread');
    await removeOrphanedBuilds(builds);
    const outDir = join(builds, `build-${process.pid}-${Date.now()}`);
    await mkdir(outDir, { recursive: true });
    process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
    const { build } = await import('vite');
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      publicDir: false,
      build: {
        ssr: fileURLToPath(new URL('./parser-thread-entry.ts', import.meta.url)),
        outDir,
        emptyOutDir: false,
        minify: false,
        target: 'node20',
        reportCompressedSize: false,
        rolldownOptions: { output: { codeSplitting: false, entryFileNames: PARSER_THREAD_FILE } },
      },
    });
    return join(outDir, PARSER_THREAD_FILE);
  })();
  return built;
}
