import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { UpstashKv } from '../../functions/ports/kv-upstash';

// The production kv port through @upstash/redis's REST client (base64 responses, MULTI via
// /multi-exec), against the fake; the same behaviour tests/unit/kv-memory.test.ts asks of MemoryKv.
const kv = () => new UpstashKv(env.UPSTASH_REDIS_REST_URL, env.UPSTASH_REDIS_REST_TOKEN);
const key = (name: string) => `${name}:${crypto.randomUUID()}`;

describe('UpstashKv', () => {
  it('stores, reads and deletes text, including non-ASCII', async () => {
    const k = key('text');
    expect(await kv().get(k)).toBeNull();
    await kv().set(k, 'значение "quoted" 42');
    expect(await kv().get(k)).toBe('значение "quoted" 42');
    expect(await kv().ttl(k)).toBeNull();
    await kv().del(k);
    expect(await kv().get(k)).toBeNull();
  });

  it('keeps the window of a counter from its first increment', async () => {
    const k = key('counter');
    expect(await kv().incr(k, 60)).toBe(1);
    expect(await kv().incr(k, 600)).toBe(2);
    const ttl = await kv().ttl(k);
    expect(ttl).toBeGreaterThan(55);
    expect(ttl).toBeLessThanOrEqual(60);
  });

  it('gives an attempt back without touching the window', async () => {
    const k = key('refund');
    expect(await kv().incr(k, 60)).toBe(1);
    expect(await kv().incr(k, 60)).toBe(2);
    expect(await kv().incr(k, 60, -1)).toBe(1);
    const ttl = await kv().ttl(k);
    expect(ttl).toBeGreaterThan(55);
    expect(ttl).toBeLessThanOrEqual(60);
  });

  it('gives values set with a ttl an expiry', async () => {
    const k = key('ttl');
    await kv().set(k, '1', { ttlSeconds: 30 });
    expect(await kv().ttl(k)).toBe(30);
  });

  it('fails loudly with a wrong token', async () => {
    const wrong = new UpstashKv(env.UPSTASH_REDIS_REST_URL, 'wrong-token');
    await expect(wrong.get('anything')).rejects.toThrow();
  });
});
