import { bigserial, boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * An account's event webhook endpoint (docs/api.md "Event webhooks"): where events of the chosen types
 * are POSTed, signed per Standard Webhooks with `secret` (a `whsec_…` value shown once at creation,
 * sealed at rest). An endpoint whose deliveries failed for a day is switched off (`disabledAt`) and
 * the owner told; saving it enabled again starts afresh.
 */
export const eventWebhookEndpoints = pgTable(
  'event_webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    /** The signing secret, sealed (functions/secrets/secret-box.ts) as JSON text. */
    secretSealed: text('secret_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** When it was switched off for failing a day; null when the owner switched it off (or it is on). */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The first failed attempt since the last delivered one. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('event_webhook_endpoints_account_idx').on(t.accountId)],
);

/** Where one delivery is: waiting or being retried, taken by the receiver, or given up after a day. */
export type EventWebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/**
 * The event webhooks' outbox: one row per event and subscribed endpoint, written in the same
 * transaction as the event itself. `id` is the `webhook-id` header (`msg_…`), the same on every
 * attempt, so receivers deduplicate; `body` is the exact JSON sent. Deliveries of one chat to one
 * endpoint go in `seq` order: a later one waits while an earlier one is pending.
 */
export const eventWebhookDeliveries = pgTable(
  'event_webhook_deliveries',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => eventWebhookEndpoints.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    /** The chat the event is about, when there is one: its deliveries keep their order. */
    chatId: uuid('chat_id'),
    body: text('body').notNull(),
    status: text('status').$type<EventWebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** An attempt under way holds the row until then, so two runs of the job do not both send it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    /** When the event happened (the list shows it; a resend keeps it). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the owner last sent it again: its day of retries counts from then, else from `createdAt`. */
    resentAt: timestamp('resent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('event_webhook_deliveries_endpoint_idx').on(t.endpointId, t.seq),
    index('event_webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
  ],
);

export type EventWebhookEndpoint = typeof eventWebhookEndpoints.$inferSelect;
export type EventWebhookDelivery = typeof eventWebhookDeliveries.$inferSelect;
