import { availableParallelism } from 'node:os';
import { type ResourceLimits, Worker } from 'node:worker_threads';
import type { DocumentParser, ParseOutcome } from './parser';
import { sourceThreadScript } from './parser-thread-script';

/**
 * The thread's script inside the server bundle, built beside it (scripts/server-bundle.mjs defines
 * this); absent when the TypeScript sources run, where it is built on first use.
 */
declare const __PARSER_THREAD_BUNDLE__: string | undefined;

const threadScript = (): Promise<string> =>
  typeof __PARSER_THREAD_BUNDLE__ === 'string'
    ? Promise.resolve(__PARSER_THREAD_BUNDLE__)
    : sourceThreadScript();

export interface ThreadLimits {
  /** A document still being read after this long is given up and its thread terminated. */
  timeMs: number;
  /** The thread's heap limits (worker_threads resourceLimits); breaking one ends the thread. */
  memory: ResourceLimits;
  /**
   * Documents read at once; the others wait for a thread (their time starts when theirs does). By
   * default one core stays with the event loop.
   */
  threads: number;
}

export const DEFAULT_THREAD_LIMITS: ThreadLimits = {
  timeMs: 30_000,
  memory: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64, stackSizeMb: 4 },
  threads: Math.max(1, Math.min(2, availableParallelism() - 1)),
};

/**
 * Reads each document in its own worker thread (the Node shape), so a hostile file can take neither
 * the event loop nor the process's memory: over the time limit or a heap limit the thread is
 * terminated and the file fails with `file_parse_limit`.
 */
export class ThreadParser implements DocumentParser {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limits: ThreadLimits = DEFAULT_THREAD_LIMITS) {}

  async parse(name: string, bytes: Uint8Array): Promise<ParseOutcome> {
    if (this.running >= this.limits.threads) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running++;
    try {
      return await this.inThread(name, bytes);
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  private async inThread(name: string, bytes: Uint8Array): Promise<ParseOutcome> {
    const script = await threadScript();
    return new Promise((resolve, reject) => {
      const thread = new Worker(script, { workerData: { name, bytes }, resourceLimits: this.limits.memory });
      let started = false;
      let settled = false;
      const settle = (outcome: ParseOutcome | Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void thread.terminate();
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      };
      const refuse = (reason: 'file_parse_limit' | 'file_unreadable', why: string) => {
        if (settled) return;
        console.warn(`reading ${name} ${why}; its thread is stopped`);
        settle({ ok: false, reason });
      };
      const timer = setTimeout(
        () => refuse('file_parse_limit', `took over ${this.limits.timeMs} ms`),
        this.limits.timeMs,
      );
      thread.on('message', (message: 'started' | ParseOutcome) => {
        if (message === 'started') started = true;
        else settle(message);
      });
      thread.on('error', (error: Error & { code?: string }) => {
        if (error.code === 'ERR_WORKER_OUT_OF_MEMORY')
          return refuse('file_parse_limit', 'ran out of its memory');
        // Before its code loaded, the server is at fault: thrown, so the job is retried.
        if (!started) return settle(error);
        refuse('file_unreadable', `crashed its reader (${error.message})`);
      });
      thread.on('exit', (code) => {
        if (settled) return;
        if (!started) settle(new Error(`the parser thread exited with ${code} before it started`));
        else refuse('file_unreadable', `ended its reader (exit ${code})`);
      });
    });
  }
}
