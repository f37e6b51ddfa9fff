import { and, eq, lte, type SQL, sql } from 'drizzle-orm';
import { failedJobs, jobs, kvEntries } from '../../db/schema';
import { safeErrorText } from '../shared/safe-error';
import type { Clock } from './clock';
import { type Db, rowsOf } from './db';
import { rowFromJson } from './db-rows';
import { grouped } from './grouped';
import type { JobHandler, JobRequest, Jobs } from './jobs';

const LOCK_SECONDS = 60;
/** A running job renews its lock this often, so a slow one is never taken by another runner. */
const HEARTBEAT_MS = (LOCK_SECONDS * 1000) / 3;
export const MAX_JOB_ATTEMPTS = 5;
/**
 * Jobs run at once per process, so a slow answer in one chat does not hold up other accounts. An
 * answer's job spends its seconds waiting for the model and holds no database connection then, so
 * the slots are many: with 4, a simulated day's answers waited 1.2 s (p50) for a free one.
 */
const DEFAULT_CONCURRENCY = 16;
/** How often the runner looks for due jobs. */
const POLL_MS = 250;

type JobRow = typeof jobs.$inferSelect;
/** A claimed job, and whether another job was due besides those claimed (perhaps waiting for its group). */
type ClaimedJob = JobRow & { othersDue: boolean };

/**
 * Durable job runner for the embedded shape: jobs wait in Postgres, so a restart in the middle of a
 * delay still runs them once it is back. `runDue()` runs what is due now, up to `concurrency` at a
 * time and one at a time per group (a chat); `start()` polls it. A job that failed
 * MAX_JOB_ATTEMPTS times moves to `failed_jobs`. Several processes may share one Postgres: a job is
 * claimed with `FOR UPDATE SKIP LOCKED` and keeps its lock while it runs, so no two runners run it
 * at once, and a group's job waits while another of its group runs anywhere.
 */
export class LocalJobs implements Jobs {
  private readonly handlers = new Map<string, JobHandler>();
  /** Jobs this process has queued, counted once they are stored: a pass looks again when it moves. */
  private enqueued = 0;
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<number> | null = null;
  /** Ends a running pass's wait for a job's end or the next poll: a job due now was queued. */
  private wake: (() => void) | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly concurrency = DEFAULT_CONCURRENCY,
    private readonly heartbeatMs = HEARTBEAT_MS,
    /** How often due jobs are looked for, also while others run. */
    private readonly pollMs = POLL_MS,
  ) {}

  register(name: string, handler: JobHandler): void {
    this.handlers.set(name, handler);
  }

  private row(request: JobRequest, now: Date) {
    return {
      name: request.name,
      payload: request.payload ?? {},
      runAt: new Date(now.getTime() + (request.delaySeconds ?? 0) * 1000),
      dedupId: request.dedupId ?? null,
      groupKey: request.groupKey ?? null,
      createdAt: now,
    };
  }

  /**
   * Jobs enqueued at the same time go in one insert (group commit): a burst of messages is one write.
   * False for a job whose dedup id was taken already: nothing new to run.
   */
  private readonly insertJob = grouped(async (rows: ReturnType<LocalJobs['row']>[]) => {
    const stored = await this.db
      .insert(jobs)
      .values(rows)
      .onConflictDoNothing()
      .returning({ dedupId: jobs.dedupId });
    const storedDedupIds = new Set(stored.map((row) => row.dedupId));
    return rows.map((row) => row.dedupId === null || storedDedupIds.has(row.dedupId));
  });

  async enqueue(request: JobRequest): Promise<void> {
    // A repeated request (every message of an Avito chat asks for its naming) wakes no pass.
    if (await this.insertJob(this.row(request, this.clock.now()))) this.queued(request);
  }

  /**
   * A job is stored: a pass looks for it. A started runner (`npm start`) runs a job due now at
   * once, rather than at its next poll (an instant answer would wait up to POLL_MS for nothing);
   * one driven by `runDue()` (the tests' manual clock) leaves it for the next call.
   */
  private queued(request: JobRequest): void {
    this.enqueued++;
    if (!this.timer || (request.delaySeconds ?? 0) > 0) return;
    this.wake?.();
    this.runDue().catch((error: unknown) => console.error('job runner', safeErrorText(error)));
  }

  /**
   * Enqueues the request only if `claim` is not taken yet, and takes it for `keepSeconds` (a
   * schedule's period, in `kv_entries`): however many processes ask, and however often, the job is
   * queued once. True when this call queued it.
   */
  async enqueueOnce(claim: string, keepSeconds: number, request: JobRequest): Promise<boolean> {
    const now = this.clock.now();
    const queued = await this.db.transaction(async (tx) => {
      const [taken] = await tx
        .insert(kvEntries)
        .values({ key: claim, value: '1', expiresAt: new Date(now.getTime() + keepSeconds * 1000) })
        .onConflictDoUpdate({
          target: kvEntries.key,
          set: { value: sql`excluded.value`, expiresAt: sql`excluded.expires_at` },
          where: lte(kvEntries.expiresAt, now),
        })
        .returning({ key: kvEntries.key });
      if (!taken) return false;
      await tx.insert(jobs).values(this.row(request, now)).onConflictDoNothing();
      return true;
    });
    if (queued) this.queued(request);
    return queued;
  }

  /** Runs every due job once; returns how many ran. Concurrent calls share one pass. */
  runDue(): Promise<number> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * Claims and runs due jobs until none is left. A claim is asked only when it may find one: at the
   * start, after a claim that saw other due jobs, after this process queued one, when a job ends
   * whose claim saw others due (its group's next may be free now), and at each poll (jobs that fell
   * due meanwhile, or other processes'). So one job alone costs one claim, not three.
   */
  private async pass(): Promise<number> {
    let ran = 0;
    const inFlight = new Map<string, Promise<void>>();
    const busyGroups = new Set<string>();
    let lookAgain = true;
    let enqueuedSeen = this.enqueued;
    for (;;) {
      if (this.enqueued !== enqueuedSeen) {
        enqueuedSeen = this.enqueued;
        lookAgain = true;
      }
      if (lookAgain && inFlight.size < this.concurrency) {
        lookAgain = false;
        const claimed = await this.claimDue(busyGroups, this.concurrency - inFlight.size);
        for (const job of claimed) {
          // A job that ended while the claim was asked keeps what it set.
          lookAgain ||= job.othersDue;
          ran++;
          if (job.groupKey) busyGroups.add(job.groupKey);
          const done = this.runOne(job).finally(() => {
            inFlight.delete(job.id);
            if (job.groupKey) busyGroups.delete(job.groupKey);
            if (job.othersDue) lookAgain = true;
          });
          inFlight.set(job.id, done);
        }
        continue;
      }
      if (inFlight.size === 0) return ran;
      if (await this.jobEndOrPoll(inFlight.values())) lookAgain = true;
    }
  }

  /** Waits for a running job to end (false), or the poll interval to pass or a job due now (true). */
  private jobEndOrPoll(running: Iterable<Promise<void>>): Promise<boolean> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(true), this.pollMs);
      this.wake = () => resolve(true);
    });
    return Promise.race([...[...running].map((done) => done.then(() => false)), poll]).finally(() => {
      clearTimeout(timer);
      this.wake = undefined;
    });
  }

  private async runOne(job: JobRow): Promise<void> {
    const handler = this.handlers.get(job.name);
    const heartbeat = setInterval(() => {
      this.renewLock(job).catch((error: unknown) => {
        console.error(`job ${job.name}: renewing its lock failed`, safeErrorText(error));
      });
    }, this.heartbeatMs);
    try {
      if (!handler) throw new Error(`no handler for job "${job.name}"`);
      await handler(job.payload);
      clearInterval(heartbeat);
      await this.db.delete(jobs).where(eq(jobs.id, job.id));
    } catch (error) {
      clearInterval(heartbeat);
      await this.fail(job, error).catch((failure: unknown) => {
        console.error(`job ${job.name}: recording the failure failed`, safeErrorText(failure));
      });
    }
  }

  private async renewLock(job: JobRow): Promise<void> {
    await this.db
      .update(jobs)
      .set({ lockedUntil: new Date(this.clock.now().getTime() + LOCK_SECONDS * 1000) })
      .where(and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts)));
  }

  /**
   * Takes up to `limit` due jobs in one statement, the earliest first: rows another runner holds are
   * skipped, not waited for; a job whose group has a job running (here or in another process) waits
   * its turn, and of one group only its earliest is taken. A burst of due jobs (the naming of many
   * new Avito chats, answers falling due together) is one claim rather than one per job.
   */
  private async claimDue(busyGroups: ReadonlySet<string>, limit: number): Promise<ClaimedJob[]> {
    const clock = this.clock.now();
    const now = clock.toISOString();
    const until = new Date(clock.getTime() + LOCK_SECONDS * 1000).toISOString();
    const due = (table: SQL) => sql`${table}.run_at <= ${now}::timestamptz
      and (${table}.locked_until is null or ${table}.locked_until <= ${now}::timestamptz)
      and ${table}.attempts < ${MAX_JOB_ATTEMPTS}`;
    const notBusy =
      busyGroups.size > 0
        ? sql`and j.group_key not in (${sql.join(
            [...busyGroups].map((key) => sql`${key}`),
            sql`, `,
          )})`
        : sql``;
    // Materialized, so each runs once: the locked candidates are the ones updated. Jobs due at the
    // same moment run in the order they were stored (their place in the table, as the due-time
    // index keeps equal keys), so a chat's jobs queued together run in order.
    const rows = rowsOf<{ job: Record<string, unknown>; claim_order: number | string; others_due: boolean }>(
      await this.db.execute(sql`with candidates as materialized (
          select j.id, j.group_key, j.run_at, j.ctid as place_in_table from jobs j
          where ${due(sql`j`)} and (j.group_key is null or (true ${notBusy}
            and not exists (select 1 from jobs sibling
              where sibling.group_key = j.group_key and sibling.locked_until > ${now}::timestamptz)))
          order by j.run_at, j.ctid limit ${limit}
          for update skip locked
        ), chosen as materialized (
          select id, row_number() over (order by run_at, place_in_table) as claim_order
          from (select id, group_key, run_at, place_in_table,
              row_number() over (partition by group_key order by run_at, place_in_table) as place
            from candidates) ranked
          where group_key is null or place = 1
        )
        update jobs set attempts = jobs.attempts + 1, locked_until = ${until}::timestamptz
        from chosen where jobs.id = chosen.id
        returning to_jsonb(jobs) as job, chosen.claim_order,
          -- The first by due time, not exists: without statistics (PGlite has no autovacuum to
          -- gather them) the planner read all of a long table for an exists that found none.
          (select other.id from jobs other where ${due(sql`other`)}
             and other.id not in (select id from chosen) order by other.run_at limit 1) is not null
            as others_due`),
    );
    return rows
      .sort((a, b) => Number(a.claim_order) - Number(b.claim_order))
      .map((row) => ({ ...rowFromJson(jobs, row.job), othersDue: row.others_due }));
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

  start(intervalMs = this.pollMs): void {
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

/**
 * Enqueues each schedule on its interval, once per period: the period is claimed in the database,
 * so however many processes run this (or restart within a period), one of them queues it.
 */
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
      runner
        .enqueueOnce(`${name}:${slot}`, definition.intervalSeconds * 2, {
          name,
          payload: null,
          dedupId: `${name}:${slot}`,
        })
        .catch((error: unknown) => {
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
