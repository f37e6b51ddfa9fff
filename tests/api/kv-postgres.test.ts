import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../functions/ports/clock-manual';
import { PostgresKv } from '../../functions/ports/kv-postgres';
import { openTestDb, type TestDb } from '../support/test-database';

/**
 * The kv port in a Postgres table (several `npm start` processes on one DATABASE_URL): the same
 * behaviour tests/unit/kv-memory.test.ts asks of MemoryKv, and what two processes share.
 */
let opened: TestDb;
beforeAll(async () => {
  opened = await openTestDb();
});
afterAll(() => opened.close());

describe('kv in Postgres', () => {
  it('counts within a window and forgets after it', async () => {
    const clock = new ManualClock();
    const kv = new PostgresKv(opened.db, clock);
    expect(await kv.incr('a', 60)).toBe(1);
    expect(await kv.incr('a', 60)).toBe(2);
    clock.advance(30_000);
    expect(await kv.ttl('a')).toBe(30);
    clock.advance(30_000);
    expect(await kv.incr('a', 60)).toBe(1);
  });

  it('expires values set with a ttl, keeps others, deletes on request', async () => {
    const clock = new ManualClock();
    const kv = new PostgresKv(opened.db, clock);
    await kv.set('k', 'v', { ttlSeconds: 5 });
    await kv.set('forever', 'v');
    expect(await kv.ttl('forever')).toBeNull();
    clock.advance(5_000);
    expect(await kv.get('k')).toBeNull();
    expect(await kv.ttl('k')).toBeNull();
    expect(await kv.get('forever')).toBe('v');
    await kv.set('forever', 'w');
    expect(await kv.get('forever')).toBe('w');
    await kv.del('forever');
    expect(await kv.get('forever')).toBeNull();
  });

  it('gives an attempt back within the same window', async () => {
    const clock = new ManualClock();
    const kv = new PostgresKv(opened.db, clock);
    expect(await kv.incr('b', 60)).toBe(1);
    expect(await kv.incr('b', 60)).toBe(2);
    expect(await kv.incr('b', 60, -1)).toBe(1);
    expect(await kv.ttl('b')).toBe(60);
  });

  it('is one store for two processes: concurrent counts all land, a delete is seen by both', async () => {
    const clock = new ManualClock();
    const first = new PostgresKv(opened.db, clock);
    const second = new PostgresKv(opened.db, clock);
    const counts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? first : second).incr('login:10.0.0.1', 900)),
    );
    expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    await first.set('session:abc', '{"ok":true}', { ttlSeconds: 60 });
    expect(await second.get('session:abc')).toBe('{"ok":true}');
    await second.del('session:abc');
    expect(await first.get('session:abc')).toBeNull();
  });
});
