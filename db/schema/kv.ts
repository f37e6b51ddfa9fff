import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The kv port over Postgres (functions/ports/kv-postgres.ts), for several Node processes on one
 * database without Redis: rate limits, caches, locks. The local scheduler also claims each
 * schedule's period here, in every Node shape. An expired row is as good as absent.
 */
export const kvEntries = pgTable(
  'kv_entries',
  {
    key: text('key').primaryKey(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('kv_entries_expires_idx').on(t.expiresAt)],
);
