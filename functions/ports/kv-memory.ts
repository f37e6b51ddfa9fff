import type { Clock } from './clock';
import type { Kv } from './kv';

interface Entry {
  value: string;
  expiresAt: number | null;
}

/** In-process implementation of the kv port for the embedded shape and tests. */
export class MemoryKv implements Kv {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly clock: Clock) {}

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt !== null && entry.expiresAt <= this.clock.now().getTime()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  async set(key: string, value: string, options?: { ttlSeconds?: number }): Promise<void> {
    const expiresAt = options?.ttlSeconds ? this.clock.now().getTime() + options.ttlSeconds * 1000 : null;
    this.entries.set(key, { value, expiresAt });
  }

  async del(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async incr(key: string, ttlSeconds: number, by = 1): Promise<number> {
    const entry = this.live(key);
    if (!entry) {
      this.entries.set(key, { value: String(by), expiresAt: this.clock.now().getTime() + ttlSeconds * 1000 });
      return by;
    }
    const next = Number(entry.value) + by;
    entry.value = String(next);
    return next;
  }

  async ttl(key: string): Promise<number | null> {
    const entry = this.live(key);
    if (!entry || entry.expiresAt === null) return null;
    return Math.ceil((entry.expiresAt - this.clock.now().getTime()) / 1000);
  }
}
