import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { jobs } from '../../db/schema';
import type { Clock } from './clock';
import type { Db } from './db';
import type { JobHandler, JobRequest, Jobs } from './jobs';

const LOCK_SECONDS = 60;
const MAX_ATTEMPTS = 5;

/**
 * Durable job runner for the embedded shape: jobs wait in Postgres, so a restart in the middle of a
 * delay still runs them once it is back. `runDue()` runs what is due now; `start()` polls it.
 */
export class LocalJobs implements Jobs {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  register(name: string, handler: JobHandler): void {
    this.handlers.set(name, handler);
  }

  async enqueue(request: JobRequest): Promise<void> {
    const now = this.clock.now();
    await this.db
      .insert(jobs)
      .values({
        name: request.name,
        payload: request.payload ?? {},
        runAt: new Date(now.getTime() + (request.delaySeconds ?? 0) * 1000),
        dedupId: request.dedupId ?? null,
        createdAt: now,
      })
      .onConflictDoNothing();
  }

  /** Claims and runs every due job once; returns how many ran. Concurrent calls share one pass. */
  runDue(): Promise<number> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<number> {
    let ran = 0;
    for (;;) {
      const job = await this.claimNext();
      if (!job) return ran;
      ran++;
      const handler = this.handlers.get(job.name);
      try {
        if (!handler) throw new Error(`no handler for job "${job.name}"`);
        await handler(job.payload);
        await this.db.delete(jobs).where(eq(jobs.id, job.id));
      } catch (error) {
        await this.fail(job.id, job.attempts, error);
      }
    }
  }

  private async claimNext(): Promise<typeof jobs.$inferSelect | undefined> {
    const now = this.clock.now();
    const [due] = await this.db
      .select()
      .from(jobs)
      .where(
        and(
          lte(jobs.runAt, now),
          or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)),
          sql`${jobs.attempts} < ${MAX_ATTEMPTS}`,
        ),
      )
      .orderBy(asc(jobs.runAt))
      .limit(1);
    if (!due) return undefined;
    const [claimed] = await this.db
      .update(jobs)
      .set({ lockedUntil: new Date(now.getTime() + LOCK_SECONDS * 1000), attempts: due.attempts + 1 })
      .where(and(eq(jobs.id, due.id), eq(jobs.attempts, due.attempts)))
      .returning();
    return claimed ?? this.claimNext();
  }

  private async fail(id: string, attempts: number, error: unknown) {
    const backoffSeconds = 2 ** attempts * 5;
    const now = this.clock.now();
    await this.db
      .update(jobs)
      .set({
        lastError: error instanceof Error ? error.message : String(error),
        lockedUntil: null,
        runAt: new Date(now.getTime() + backoffSeconds * 1000),
      })
      .where(eq(jobs.id, id));
  }

  start(intervalMs = 250): void {
    this.timer ??= setInterval(() => {
      this.runDue().catch((error: unknown) => console.error('job runner', error));
    }, intervalMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}

/** Enqueues each schedule on its interval; the dedup id keeps one run per slot across restarts. */
export function startSchedules(
  runner: LocalJobs,
  clock: Clock,
  definitions: { id: string; intervalSeconds: number; handler: () => Promise<void> }[],
): () => void {
  const timers = definitions.map((definition) => {
    const name = `schedule:${definition.id}`;
    runner.register(name, () => definition.handler());
    const enqueue = () => {
      const slot = Math.floor(clock.now().getTime() / (definition.intervalSeconds * 1000));
      runner.enqueue({ name, payload: null, dedupId: `${name}:${slot}` }).catch((error: unknown) => {
        console.error(`schedule ${definition.id}`, error);
      });
    };
    enqueue();
    return setInterval(enqueue, definition.intervalSeconds * 1000);
  });
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}
