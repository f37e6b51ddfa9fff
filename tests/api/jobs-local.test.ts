import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failedJobs, jobs } from '../../db/schema';
import { ManualClock } from '../../functions/ports/clock-manual';
import { openPgliteDb } from '../../functions/ports/db-pglite';
import { LocalJobs } from '../../functions/ports/jobs-local';

let folder = '';
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'jobs-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('the local durable job runner', () => {
  it('runs a delayed job once when due, drops duplicates, retries failures with backoff', async () => {
    const { db, client } = await openPgliteDb();
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
    await client.close();
  });

  it('keeps waiting jobs across a restart and runs them once after it', async () => {
    const dir = join(folder, 'pg');
    const clock = new ManualClock();
    const first = await openPgliteDb(dir);
    await new LocalJobs(first.db, clock).enqueue({ name: 'answer', payload: { n: 7 }, delaySeconds: 30 });
    await first.client.close();

    const second = await openPgliteDb(dir);
    const runner = new LocalJobs(second.db, clock);
    const seen: unknown[] = [];
    runner.register('answer', async (payload) => {
      seen.push(payload);
    });
    clock.advance(30_000);
    await runner.runDue();
    await runner.runDue();
    expect(seen).toEqual([{ n: 7 }]);
    await second.client.close();
  });

  it('runs other chats beside a slow one, and never two jobs of one chat at once', async () => {
    const { db, client } = await openPgliteDb();
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
    await client.close();
  });

  it('moves a job that failed five times out of the hot table into failed_jobs', async () => {
    const { db, client } = await openPgliteDb();
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
    await client.close();
  });
});
