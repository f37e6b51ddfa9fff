import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failedJobs, jobs } from '../../db/schema';
import { ManualClock } from '../../functions/ports/clock-manual';
import { LocalJobs, startSchedules } from '../../functions/ports/jobs-local';
import { type SqlProfile, sqlRecorder, statementHead } from '../support/sql-profile';
import { openTestDb } from '../support/test-database';
import { waitUntil } from '../support/wait-until';

let folder = '';
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'jobs-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** Jobs 'slow' (it waits, as for a model call of several seconds, until released) and 'quick'. */
function slowAndQuick(runner: LocalJobs) {
  const started: string[] = [];
  let release = () => {};
  runner.register('slow', async () => {
    started.push('slow');
    await new Promise<void>((resolve) => {
      release = resolve;
    });
  });
  runner.register('quick', async () => {
    started.push('quick');
  });
  return { started, releaseSlow: () => release() };
}

describe('the local durable job runner', () => {
  it('runs a delayed job once when due, drops duplicates, retries failures with backoff', async () => {
    const { db, close } = await openTestDb();
    const clock = new ManualClock();
    const runner = new LocalJobs(db, clock);
    const seen: unknown[] = [];
    let failures = 1;
    runner.register('answer', async (payload) => {
      seen.push(payload);
    });
    runner.register('flaky', async () => {
      if (failures-- > 0) throw new Error('temporary');
      seen.push('flaky done');
    });

    await runner.enqueue({ name: 'answer', payload: { chat: 1 }, delaySeconds: 60, dedupId: 'chat-1' });
    await runner.enqueue({
      name: 'answer',
      payload: { chat: 1, again: true },
      delaySeconds: 60,
      dedupId: 'chat-1',
    });
    expect(await runner.runDue()).toBe(0);
    clock.advance(60_000);
    expect(await runner.runDue()).toBe(1);
    expect(await runner.runDue()).toBe(0);
    expect(seen).toEqual([{ chat: 1 }]);

    await runner.enqueue({ name: 'flaky', payload: null });
    await runner.runDue();
    expect(seen).toHaveLength(1);
    clock.advance(9_000);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1_000);
    await runner.runDue();
    expect(seen).toEqual([{ chat: 1 }, 'flaky done']);
    await close();
  });

  it('runs every due job of one group in one pass, however fast each one ends', async () => {
    const { db, close } = await openTestDb();
    const clock = new ManualClock();
    const runner = new LocalJobs(db, clock);
    const seen: number[] = [];
    // An instant handler may end while the runner is still asking for the next job, which its group
    // kept back: the pass must ask again rather than end with the group's next jobs left behind.
    runner.register('step', async (payload) => {
      seen.push((payload as { n: number }).n);
    });
    for (let round = 0; round < 10; round++) {
      for (let n = 0; n < 3; n++)
        await runner.enqueue({ name: 'step', payload: { n: round * 3 + n }, groupKey: `chat-${round}` });
      expect(await runner.runDue()).toBe(3);
    }
    expect(seen).toEqual(Array.from({ length: 30 }, (_, n) => n));
    await close();
  });

  it('asks for due jobs only when one may be there: a lone job is one claim, a job it queues still runs, a burst is one claim', async () => {
    const recorder = sqlRecorder();
    const { db, close } = await openTestDb({ logger: recorder.logger });
    const clock = new ManualClock();
    const runner = new LocalJobs(db, clock);
    const seen: string[] = [];
    runner.register('answer', async () => {
      seen.push('answer');
    });
    runner.register('reply', async () => {
      seen.push('reply');
      await runner.enqueue({ name: 'deliver', payload: null, groupKey: 'chat-1' });
    });
    runner.register('deliver', async () => {
      seen.push('deliver');
    });
    const claims = (profile: SqlProfile) =>
      profile.statements.filter((statement) => statementHead(statement) === 'with … jobs').length;

    await runner.enqueue({ name: 'answer', payload: null });
    const alone = await recorder.measure(async () => expect(await runner.runDue()).toBe(1));
    expect(claims(alone)).toBe(1);

    // A job that queues another: that one is due now and runs in the same pass.
    await runner.enqueue({ name: 'reply', payload: null, groupKey: 'chat-1' });
    const chained = await recorder.measure(async () => expect(await runner.runDue()).toBe(2));
    expect(seen).toEqual(['answer', 'reply', 'deliver']);
    expect(claims(chained)).toBe(2);

    // Due together (the naming of six new chats): one claim takes them all.
    for (let chat = 0; chat < 6; chat++)
      await runner.enqueue({ name: 'answer', payload: null, groupKey: `chat-${chat + 10}` });
    const burst = await recorder.measure(async () => expect(await runner.runDue()).toBe(6));
    expect(claims(burst)).toBe(1);
    await close();
  });

  it('keeps waiting jobs across a restart and runs them once after it', async () => {
    const dir = join(folder, 'pg');
    const clock = new ManualClock();
    const first = await openTestDb({ dataDir: dir });
    await new LocalJobs(first.db, clock).enqueue({ name: 'answer', payload: { n: 7 }, delaySeconds: 30 });
    await first.close();

    const second = await openTestDb({ dataDir: dir });
    const runner = new LocalJobs(second.db, clock);
    const seen: unknown[] = [];
    runner.register('answer', async (payload) => {
      seen.push(payload);
    });
    clock.advance(30_000);
    await runner.runDue();
    await runner.runDue();
    expect(seen).toEqual([{ n: 7 }]);
    await second.close();
  });

  it('runs other chats beside a slow one, and never two jobs of one chat at once', async () => {
    const { db, close } = await openTestDb();
    const runner = new LocalJobs(db, new ManualClock());
    const log: string[] = [];
    let releaseSlow: () => void = () => {};
    const slow = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    let running = 0;
    let most = 0;
    runner.register('answer', async (payload) => {
      const { chat, n } = payload as { chat: string; n: number };
      running++;
      most = Math.max(most, running);
      log.push(`start ${chat}${n}`);
      if (chat === 'a' && n === 1) await slow;
      log.push(`end ${chat}${n}`);
      running--;
    });
    await runner.enqueue({ name: 'answer', payload: { chat: 'a', n: 1 }, groupKey: 'chat-a' });
    await runner.enqueue({ name: 'answer', payload: { chat: 'a', n: 2 }, groupKey: 'chat-a' });
    await runner.enqueue({ name: 'answer', payload: { chat: 'b', n: 1 }, groupKey: 'chat-b' });
    const pass = runner.runDue();
    for (let i = 0; i < 200 && !log.includes('end b1'); i++) await new Promise((r) => setTimeout(r, 10));
    // The other account's chat was answered while the slow answer still runs; the slow chat waits.
    expect(log).toContain('end b1');
    expect(log).not.toContain('start a2');
    releaseSlow();
    expect(await pass).toBe(3);
    expect(log.indexOf('start a2')).toBeGreaterThan(log.indexOf('end a1'));
    expect(most).toBe(2);
    await close();
  });

  it('starts a job that falls due while another runs, without waiting for that one to end', async () => {
    const { db, close } = await openTestDb();
    const runner = new LocalJobs(db, new ManualClock(), 4, 20_000, 20);
    const { started, releaseSlow } = slowAndQuick(runner);
    await runner.enqueue({ name: 'slow', payload: null });
    const pass = runner.runDue();
    await waitUntil(() => started.includes('slow'));
    await runner.enqueue({ name: 'quick', payload: null });
    await waitUntil(() => started.includes('quick'));
    expect(started).toEqual(['slow', 'quick']);
    releaseSlow();
    expect(await pass).toBe(2);
    await close();
  });

  it('a started runner runs a job due now at once, also while another job runs; a repeated request wakes no pass', async () => {
    const recorder = sqlRecorder();
    const { db, close } = await openTestDb({ logger: recorder.logger });
    // Polls a minute apart: a job that runs within the test ran because it was queued.
    const runner = new LocalJobs(db, new ManualClock(), 4, 20_000, 60_000);
    const { started, releaseSlow } = slowAndQuick(runner);
    runner.start();
    try {
      await runner.enqueue({ name: 'slow', payload: null, dedupId: 'name-chat-1' });
      await waitUntil(() => started.includes('slow'));
      expect(started).toEqual(['slow']);
      // Every message of an Avito chat asks for its naming again while the naming job runs: its
      // insert finds the job there and nothing is looked for.
      const repeated = await recorder.measure(async () => {
        await runner.enqueue({ name: 'slow', payload: null, dedupId: 'name-chat-1' });
        await new Promise((resolve) => setTimeout(resolve, 100));
      });
      expect(repeated.statements.map(statementHead)).toEqual(['insert jobs']);
      // The pass waits for the slow job or the poll; the queued one wakes it.
      await runner.enqueue({ name: 'quick', payload: null });
      await waitUntil(() => started.includes('quick'));
      expect(started).toEqual(['slow', 'quick']);
    } finally {
      releaseSlow();
      await runner.stop();
      await close();
    }
  });

  it('moves a job that failed five times out of the hot table into failed_jobs', async () => {
    const { db, close } = await openTestDb();
    const clock = new ManualClock();
    const runner = new LocalJobs(db, clock);
    let calls = 0;
    runner.register('doomed', async () => {
      calls++;
      throw new Error('the partner API refused');
    });
    await runner.enqueue({ name: 'doomed', payload: { n: 1 } });
    for (let i = 0; i < 10; i++) {
      await runner.runDue();
      clock.advance(3_600_000);
    }
    expect(calls).toBe(5);
    expect(await db.select().from(jobs)).toEqual([]);
    const failed = await db.select().from(failedJobs);
    expect(failed).toEqual([
      expect.objectContaining({
        name: 'doomed',
        payload: { n: 1 },
        attempts: 5,
        lastError: 'the partner API refused',
      }),
    ]);
    await close();
  });
});

/** Several `npm start` processes on one Postgres: each is a runner of its own over the same tables. */
describe('several job runners on one database', () => {
  it('never run one job twice: each of many jobs runs once whichever runner takes it', async () => {
    const { db, close } = await openTestDb();
    const clock = new ManualClock();
    const runs = new Map<number, number>();
    const runners = [1, 2, 3].map(() => {
      const runner = new LocalJobs(db, clock);
      runner.register('answer', async (payload) => {
        const { n } = payload as { n: number };
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, 2));
      });
      return runner;
    });
    for (let n = 0; n < 40; n++) await runners[0]?.enqueue({ name: 'answer', payload: { n } });
    const ran = await Promise.all(runners.map((runner) => runner.runDue()));
    expect(ran.reduce((a, b) => a + b, 0)).toBe(40);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect(runs.size).toBe(40);
    await close();
  });

  it('keeps a slow job locked while it runs: another runner does not take it after the lock time', async () => {
    const { db, close } = await openTestDb();
    const clock = new ManualClock();
    let release: () => void = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const started: string[] = [];
    const runner = (name: string) => {
      // A heartbeat every 20 ms instead of 20 s, so the test need not wait.
      const r = new LocalJobs(db, clock, 4, 20);
      r.register('index', async () => {
        started.push(name);
        await slow;
      });
      return r;
    };
    const first = runner('first');
    const second = runner('second');
    await first.enqueue({ name: 'index', payload: null });
    const pass = first.runDue();
    await waitUntil(() => started.length > 0);
    clock.advance(5 * 60_000);
    await new Promise((r) => setTimeout(r, 100));
    expect(await second.runDue()).toBe(0);
    release();
    expect(await pass).toBe(1);
    expect(started).toEqual(['first']);
    await close();
  });

  it('runs a chat’s next job only after its running one ended, whichever runner holds it', async () => {
    const { db, close } = await openTestDb();
    const clock = new ManualClock();
    let release: () => void = () => {};
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const log: string[] = [];
    const runner = () => {
      const r = new LocalJobs(db, clock);
      r.register('answer', async (payload) => {
        const { n } = payload as { n: number };
        log.push(`start ${n}`);
        if (n === 1) await slow;
        log.push(`end ${n}`);
      });
      return r;
    };
    const first = runner();
    const second = runner();
    await first.enqueue({ name: 'answer', payload: { n: 1 }, groupKey: 'chat-a' });
    const pass = first.runDue();
    await waitUntil(() => log.includes('start 1'));
    await first.enqueue({ name: 'answer', payload: { n: 2 }, groupKey: 'chat-a' });
    expect(await second.runDue()).toBe(0);
    release();
    // Job 2 runs after job 1, by the first runner's same pass or by the second runner.
    const ran = (await pass) + (await second.runDue());
    expect(ran).toBe(2);
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
    await close();
  });

  it('runs a schedule once per period, also when another process starts later in the same period', async () => {
    const { db, close } = await openTestDb();
    const clock = new ManualClock(new Date('2026-11-20T10:00:00Z'));
    let runs = 0;
    const definitions = [
      {
        id: 'sweep',
        intervalSeconds: 3600,
        handler: async () => {
          runs++;
        },
      },
    ];
    const first = new LocalJobs(db, clock);
    const stopFirst = startSchedules(first, clock, definitions);
    await new Promise((r) => setTimeout(r, 200));
    await first.runDue();
    expect(runs).toBe(1);
    // A second process starts within the same hour: the period is taken, nothing runs again.
    const second = new LocalJobs(db, clock);
    const stopSecond = startSchedules(second, clock, definitions);
    await new Promise((r) => setTimeout(r, 200));
    await Promise.all([first.runDue(), second.runDue()]);
    expect(runs).toBe(1);
    stopFirst();
    stopSecond();
    // The next hour both try again at once: one of them queues it.
    clock.advance(3_600_000);
    const stops = [startSchedules(first, clock, definitions), startSchedules(second, clock, definitions)];
    await new Promise((r) => setTimeout(r, 200));
    await Promise.all([first.runDue(), second.runDue()]);
    expect(runs).toBe(2);
    for (const stop of stops) stop();
    await close();
  });
});
