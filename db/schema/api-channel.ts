import { index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { integrations } from './integrations';

/** Where one callback of the API channel is: waiting or being retried, taken by the account's system, or given up. */
export type ApiChannelCallbackState = 'pending' | 'delivered' | 'dead';

/**
 * The API channel's outbox (docs/channels/api-channel.md): each event for the account's callback URL (the
 * bot's reply, an operator's message, a stop) is written here once, keyed by its event id, then
 * POSTed by a job and retried with backoff. One that used up its attempts, or that the account's
 * system refused, stays `dead` with the reason, for the integration page's list and its retry.
 * `body` is the exact JSON sent, so every attempt carries the same bytes and signature.
 */
export const apiChannelCallbacks = pgTable(
  'api_channel_callbacks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    /** The event's id in the body (the receiver's idempotency key). */
    eventId: text('event_id').notNull(),
    /** `message` or `chat.stopped`. */
    event: text('event').notNull(),
    /** The conversation's id in the account's system, for the dead-letter list. */
    chatExternalId: text('chat_external_id').notNull(),
    body: text('body').notNull(),
    state: text('state').$type<ApiChannelCallbackState>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** An attempt under way holds the row until then, so two runs of the job do not both send it. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    deadAt: timestamp('dead_at', { withTimezone: true }),
  },
  (t) => [
    unique('api_channel_callbacks_event_unique').on(t.integrationId, t.eventId),
    index('api_channel_callbacks_state_idx').on(t.integrationId, t.state, t.createdAt),
  ],
);

export type ApiChannelCallback = typeof apiChannelCallbacks.$inferSelect;
