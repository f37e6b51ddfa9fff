import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Pending work for the embedded shape's durable job runner (QStash holds it in production). */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    dedupId: text('dedup_id'),
    /** Jobs of one group (a chat) run one at a time; other groups run beside them. */
    groupKey: text('group_key'),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('jobs_run_at_idx').on(t.runAt), uniqueIndex('jobs_dedup_unique').on(t.dedupId)],
);

/** Jobs that used up their attempts, kept out of the hot table for a person to look at. */
export const failedJobs = pgTable('failed_jobs', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  payload: jsonb('payload').notNull(),
  attempts: integer('attempts').notNull(),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  failedAt: timestamp('failed_at', { withTimezone: true }).notNull(),
});
