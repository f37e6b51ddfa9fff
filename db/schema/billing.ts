import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts, type Currency } from './accounts';
import { historyEntries } from './history';
import type { IntegrationType } from './integrations';

export type BalanceEntryKind = 'welcome' | 'charge' | 'top_up' | 'refund' | 'adjustment';

/**
 * The balance ledger: the balance in a currency is the sum of the account's entries in it.
 * Charges are negative and point at the history row they pay for; both are written in one
 * transaction. Each account gets at most one 'welcome' credit (partial unique index).
 */
export const balanceEntries = pgTable(
  'balance_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    kind: text('kind').$type<BalanceEntryKind>().notNull(),
    historyId: uuid('history_id').references(() => historyEntries.id, { onDelete: 'set null' }),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('balance_entries_account_idx').on(t.accountId, t.currency),
    uniqueIndex('balance_entries_welcome_unique').on(t.accountId).where(sql`${t.kind} = 'welcome'`),
  ],
);

/**
 * Money set aside for an answer in the making (ARCHITECTURE §8): the upper bound of its price, taken
 * under the account's row lock before the model is called and replaced by the exact charge when the
 * answer is recorded. The balance available to new answers is the ledger minus the live holds, so
 * answers in parallel cannot overdraw. A hold whose run crashed stops counting at `expires_at`.
 */
export const balanceHolds = pgTable(
  'balance_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('balance_holds_account_idx').on(t.accountId, t.expiresAt)],
);

export type SubscriptionKind = 'bots' | IntegrationType;

/**
 * Paid (or granted) periods of a kind: bots, or an integration type (SPEC §3 Subscription). The
 * account's demo period (accounts.demo_till) counts as an active subscription of every kind.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SubscriptionKind>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    demo: boolean('demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('subscriptions_account_kind_idx').on(t.accountId, t.kind, t.expiresAt)],
);

export type BalanceEntry = typeof balanceEntries.$inferSelect;
export type BalanceHold = typeof balanceHolds.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
