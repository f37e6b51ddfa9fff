/** Key/value store for rate limits, locks and short-lived cache (Upstash Redis in production). */
export interface Kv {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, options?: { ttlSeconds?: number }): Promise<void>;
  del(key: string): Promise<void>;
  /**
   * Adds `by` (default 1; -1 gives back an attempt) to a counter; a new counter expires after
   * `ttlSeconds`. Returns the new value.
   */
  incr(key: string, ttlSeconds: number, by?: number): Promise<number>;
  /** Seconds until the key expires, or null when it has no expiry or does not exist. */
  ttl(key: string): Promise<number | null>;
}
