import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../functions/ports/clock-manual';
import { MemoryKv } from '../../functions/ports/kv-memory';

describe('in-memory kv', () => {
  it('counts within a window and forgets after it', async () => {
    const clock = new ManualClock();
    const kv = new MemoryKv(clock);
    expect(await kv.incr('a', 60)).toBe(1);
    expect(await kv.incr('a', 60)).toBe(2);
    clock.advance(30_000);
    expect(await kv.ttl('a')).toBe(30);
    clock.advance(30_000);
    expect(await kv.incr('a', 60)).toBe(1);
  });

  it('expires values set with a ttl', async () => {
    const clock = new ManualClock();
    const kv = new MemoryKv(clock);
    await kv.set('k', 'v', { ttlSeconds: 5 });
    await kv.set('forever', 'v');
    clock.advance(5_000);
    expect(await kv.get('k')).toBeNull();
    expect(await kv.get('forever')).toBe('v');
  });

  it('gives an attempt back within the same window', async () => {
    const clock = new ManualClock();
    const kv = new MemoryKv(clock);
    expect(await kv.incr('b', 60)).toBe(1);
    expect(await kv.incr('b', 60)).toBe(2);
    expect(await kv.incr('b', 60, -1)).toBe(1);
    expect(await kv.ttl('b')).toBe(60);
  });
});
