import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
