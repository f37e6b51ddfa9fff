import type { Clock } from './clock';
import type { Db } from './db';
import type { Kv } from './kv';
import { MemoryKv } from './kv-memory';
import { PostgresKv } from './kv-postgres';
import { UpstashKv } from './kv-upstash';

export interface KvConfig {
  DATABASE_URL?: string | undefined;
  UPSTASH_REDIS_REST_URL?: string | undefined;
  UPSTASH_REDIS_REST_TOKEN?: string | undefined;
}

/**
 * The Node shape's kv: Upstash Redis when configured; otherwise a table of the shared Postgres
 * (DATABASE_URL), so every process sees the same rate limits and caches; in memory over PGlite,
 * which one process owns.
 */
export function kvFromConfig(config: KvConfig, db: Db, clock: Clock): Kv {
  if (config.UPSTASH_REDIS_REST_URL && config.UPSTASH_REDIS_REST_TOKEN) {
    return new UpstashKv(config.UPSTASH_REDIS_REST_URL, config.UPSTASH_REDIS_REST_TOKEN);
  }
  if (config.DATABASE_URL) return new PostgresKv(db, clock);
  return new MemoryKv(clock);
}
