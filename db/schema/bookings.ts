import { index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { integrations } from './integrations';

/** What became of a booking in its system, as its webhooks told. */
export type BookingState = 'created' | 'changed' | 'cancelled';

/**
 * A booking the bot made in a booking system (a YCLIENTS/Altegio record, a Calendly invitee), so
 * the system's later news of it (record and invitee webhooks) reaches the dialogue it came from.
 * `chat_id` has no foreign key: clearing a dialogue keeps the booking, which still names it.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    chatId: uuid('chat_id'),
    /** The system's id of it: the record id, the invitee's URI. */
    externalId: text('external_id').notNull(),
    /** What was booked, as the chat's system line says it: "стрижка, 5 дек 15:00, мастер Анна". */
    summary: text('summary').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    state: text('state').$type<BookingState>().notNull().default('created'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('bookings_external_unique').on(t.integrationId, t.externalId),
    index('bookings_chat_idx').on(t.chatId),
  ],
);

export type Booking = typeof bookings.$inferSelect;
