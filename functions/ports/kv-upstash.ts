import { Redis } from '@upstash/redis/cloudflare';
import type { Kv } from './kv';

/** Upstash Redis over REST, for the production shape. */
export class UpstashKv implements Kv {
  private readonly redis: Redis;

  constructor(url: string, token: string) {
    this.redis = new Redis({ url, token, automaticDeserialization: false });
  }

  async get(key: string): Promise<string | null> {
    return this.redis.get<string>(key);
  }

  async set(key: string, value: string, options?: { ttlSeconds?: number }): Promise<void> {
    if (options?.ttlSeconds) await this.redis.set(key, value, { ex: options.ttlSeconds });
    else await this.redis.set(key, value);
  }

  async del(key: string): Promise<void> {
    await this.redis.del(key);
  }

  async incr(key: string, ttlSeconds: number, by = 1): Promise<number> {
    const step = this.redis.multi();
    const [count] = await (by === 1 ? step.incr(key) : step.incrby(key, by))
      .expire(key, ttlSeconds, 'NX')
      .exec<[number, number]>();
    return count;
  }

  async ttl(key: string): Promise<number | null> {
    const seconds = await this.redis.ttl(key);
    return seconds >= 0 ? seconds : null;
  }
}
