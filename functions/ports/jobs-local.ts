import { and, asc, eq, isNull, lte, notInArray, or, sql } from 'drizzle-orm';
import { failedJobs, jobs } from '../../db/schema';
import { safeErrorText } from '../shared/safe-error';
import type { Clock } from './clock';
import type { Db } from './db';
import type { JobHandler, JobRequest, Jobs } from './jobs';

const LOCK_SECONDS = 60;
export const MAX_JOB_ATTEMPTS = 5;
/** Jobs running at once; a slow answer in one chat no longer holds up every other account. */
const DEFAULT_CONCURRENCY = 4;

type JobRow = typeof jobs.$inferSelect;

/**
 * Durable job runner for the embedded shape: jobs wait in Postgres, so a restart in the middle of a
 * delay still runs them once it is back. `runDue()` runs what is due now, up to `concurrency` at a
 * time and one at a time per group (a chat); `start()` polls it. A job that failed
 * MAX_JOB_ATTEMPTS times moves to `failed_jobs`.
 */
export class LocalJobs implements Jobs {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly concurrency = DEFAULT_CONCURRENCY,
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
        groupKey: request.groupKey ?? null,
        createdAt: now,
      })
      .onConflictDoNothing();
  }

  /** Runs every due job once; returns how many ran. Concurrent calls share one pass. */
  runDue(): Promise<number> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<number> {
    let ran = 0;
    const inFlight = new Map<string, Promise<void>>();
    const busyGroups = new Set<string>();
    for (;;) {
      const job = inFlight.size < this.concurrency ? await this.claimNext(busyGroups) : undefined;
      if (job) {
        ran++;
        if (job.groupKey) busyGroups.add(job.groupKey);
        const done = this.runOne(job).finally(() => {
          inFlight.delete(job.id);
          if (job.groupKey) busyGroups.delete(job.groupKey);
        });
        inFlight.set(job.id, done);
        continue;
      }
      if (inFlight.size === 0) return ran;
      await Promise.race(inFlight.values());
    }
  }

  private async runOne(job: JobRow): Promise<void> {
    const handler = this.handlers.get(job.name);
    try {
      if (!handler) throw new Error(`no handler for job "${job.name}"`);
      await handler(job.payload);
      await this.db.delete(jobs).where(eq(jobs.id, job.id));
    } catch (error) {
      await this.fail(job, error).catch((failure: unknown) => {
        console.error(`job ${job.name}: recording the failure failed`, safeErrorText(failure));
      });
    }
  }

  private async claimNext(busyGroups: ReadonlySet<string>): Promise<JobRow | undefined> {
    const now = this.clock.now();
    const [due] = await this.db
      .select()
      .from(jobs)
      .where(
        and(
          lte(jobs.runAt, now),
          or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)),
          sql`${jobs.attempts} < ${MAX_JOB_ATTEMPTS}`,
          busyGroups.size > 0
            ? or(isNull(jobs.groupKey), notInArray(jobs.groupKey, [...busyGroups]))
            : undefined,
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
    return claimed ?? this.claimNext(busyGroups);
  }

  private async fail(job: JobRow, error: unknown) {
    const now = this.clock.now();
    const lastError = safeErrorText(error);
    if (job.attempts >= MAX_JOB_ATTEMPTS) {
      console.error(`job ${job.name} failed ${job.attempts} times, moved to failed_jobs: ${lastError}`);
      await this.db.transaction(async (tx) => {
        await tx.insert(failedJobs).values({
          id: job.id,
          name: job.name,
          payload: job.payload,
          attempts: job.attempts,
          lastError,
          createdAt: job.createdAt,
          failedAt: now,
        });
        await tx.delete(jobs).where(eq(jobs.id, job.id));
      });
      return;
    }
    const backoffSeconds = 2 ** job.attempts * 5;
    await this.db
      .update(jobs)
      .set({ lastError, lockedUntil: null, runAt: new Date(now.getTime() + backoffSeconds * 1000) })
      .where(eq(jobs.id, job.id));
  }

  start(intervalMs = 250): void {
    this.timer ??= setInterval(() => {
      this.runDue().catch((error: unknown) => console.error('job runner', safeErrorText(error)));
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
        console.error(`schedule ${definition.id}`, safeErrorText(error));
      });
    };
    enqueue();
    return setInterval(enqueue, definition.intervalSeconds * 1000);
  });
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}
