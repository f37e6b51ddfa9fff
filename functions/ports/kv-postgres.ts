import { and, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import { kvEntries } from '../../db/schema';
import type { Clock } from './clock';
import type { Db } from './db';
import type { Kv } from './kv';

/** Expired rows are deleted at most this often (a reader ignores them meanwhile). */
const PURGE_EVERY_MS = 60_000;

/**
 * The kv port in the `kv_entries` table, for several Node processes on one Postgres without Redis:
 * a rate limit counted by one process is seen by the others, a cache one invalidates is gone for
 * all. Expiry follows Redis: a counter's TTL starts with it, and an expired key reads as absent.
 */
export class PostgresKv implements Kv {
  private purgedAt = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  private live(now: Date) {
    return or(isNull(kvEntries.expiresAt), gt(kvEntries.expiresAt, now));
  }

  private async purge(now: Date): Promise<void> {
    if (now.getTime() - this.purgedAt < PURGE_EVERY_MS) return;
    this.purgedAt = now.getTime();
    await this.db.delete(kvEntries).where(lte(kvEntries.expiresAt, now));
  }

  async get(key: string): Promise<string | null> {
    const now = this.clock.now();
    const [row] = await this.db
      .select({ value: kvEntries.value })
      .from(kvEntries)
      .where(and(eq(kvEntries.key, key), this.live(now)));
    return row?.value ?? null;
  }

  async set(key: string, value: string, options?: { ttlSeconds?: number }): Promise<void> {
    const now = this.clock.now();
    const expiresAt = options?.ttlSeconds ? new Date(now.getTime() + options.ttlSeconds * 1000) : null;
    await this.db
      .insert(kvEntries)
      .values({ key, value, expiresAt })
      .onConflictDoUpdate({ target: kvEntries.key, set: { value, expiresAt } });
    await this.purge(now);
  }

  async del(key: string): Promise<void> {
    await this.db.delete(kvEntries).where(eq(kvEntries.key, key));
  }

  async incr(key: string, ttlSeconds: number, by = 1): Promise<number> {
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
    // One statement, so concurrent increments from several processes all count.
    const expired = sql`(${kvEntries.expiresAt} is not null and ${kvEntries.expiresAt} <= ${now.toISOString()})`;
    const [row] = await this.db
      .insert(kvEntries)
      .values({ key, value: String(by), expiresAt })
      .onConflictDoUpdate({
        target: kvEntries.key,
        set: {
          value: sql`case when ${expired} then excluded.value else (${kvEntries.value}::bigint + ${by})::text end`,
          expiresAt: sql`case when ${expired} then excluded.expires_at else coalesce(${kvEntries.expiresAt}, excluded.expires_at) end`,
        },
      })
      .returning({ value: kvEntries.value });
    await this.purge(now);
    return Number(row?.value);
  }

  async ttl(key: string): Promise<number | null> {
    const now = this.clock.now();
    const [row] = await this.db
      .select({ expiresAt: kvEntries.expiresAt })
      .from(kvEntries)
      .where(and(eq(kvEntries.key, key), this.live(now)));
    if (!row?.expiresAt) return null;
    return Math.ceil((row.expiresAt.getTime() - now.getTime()) / 1000);
  }
}
