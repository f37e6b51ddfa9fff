import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, type Currency } from './accounts';
import { historyEntries } from './history';
import type { IntegrationType } from './integrations';

export type BalanceEntryKind =
  | 'welcome'
  | 'charge'
  | 'top_up'
  | 'subscription'
  | 'refund'
  | 'adjustment'
  /** A storage day (storage_days) or a document's indexing. */
  | 'storage'
  /** Money the account's partner put on it from the partner balance. */
  | 'partner_transfer';

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
    /** The payment or subscription purchase this row is the money of: at most one row each. */
    transactionId: uuid('transaction_id'),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('balance_entries_account_idx').on(t.accountId, t.currency),
    uniqueIndex('balance_entries_welcome_unique').on(t.accountId).where(sql`${t.kind} = 'welcome'`),
    uniqueIndex('balance_entries_transaction_unique').on(t.transactionId),
  ],
);

/**
 * The ledger's sum per account and currency, kept by a trigger on balance_entries (migration 0018)
 * in the same transaction as each entry: a balance is read from one row however long the ledger
 * grows (a busy account writes a charge per answer). The ledger stays the truth; this follows it.
 */
export const balanceTotals = pgTable(
  'balance_totals',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    currency: text('currency').$type<Currency>().notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.currency] })],
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
export type TermUnit = 'day' | 'month';

/** A kind and how many of it a subscription covers (N bots, M integrations of a type). */
export interface SubscriptionItem {
  kind: SubscriptionKind;
  quantity: number;
}

/**
 * A bought period (SPEC §3 Subscription): what it covers is in subscription_items. Unpaid
 * (`paid_at` null) it is inactive and has no dates that count; paid, it runs from `starts_at` to
 * `expires_at` (in advance before it starts). A renewal points at the subscription it continues
 * (`renewal_of`, unique: one renewal per period). The account's demo (accounts.demo_till) covers
 * every kind without a row here.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    demo: boolean('demo').notNull().default(false),
    termUnit: text('term_unit').$type<TermUnit>().notNull().default('month'),
    termCount: integer('term_count').notNull().default(1),
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency').$type<Currency>().notNull().default('rub'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    autoRenew: boolean('auto_renew').notNull().default(true),
    renewalOf: uuid('renewal_of'),
    /** Counts for the next period (PATCH), used by its renewal; null keeps this period's. */
    nextItems: jsonb('next_items').$type<SubscriptionItem[]>(),
    /** When the expiry was written to History (once). */
    expiryNoticedAt: timestamp('expiry_noticed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('subscriptions_account_idx').on(t.accountId, t.expiresAt),
    uniqueIndex('subscriptions_renewal_unique').on(t.renewalOf),
  ],
);

export const subscriptionItems = pgTable(
  'subscription_items',
  {
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<SubscriptionKind>().notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    uniqueIndex('subscription_items_unique').on(t.subscriptionId, t.kind),
    index('subscription_items_account_kind_idx').on(t.accountId, t.kind),
  ],
);

export type TransactionOperation = 'top_up' | 'subscription' | 'renewal' | 'invoice' | 'storage';
/** SPEC §4 transaction statuses: paid, not paid (pending or failed), write-off. */
export type TransactionStatus = 'paid' | 'not_paid' | 'write_off' | 'refunded';
export type TransactionProvider = 'tbank' | 'stripe' | 'invoice' | 'balance' | 'partner';
/** Whose money a payment is: the account's own balance, or its partner balance (docs/partners.md). */
export type Purse = 'account' | 'partner';

/**
 * What the Balance screen lists (SPEC §3 Transaction): a payment (a top-up by card, a recurrent
 * charge, an invoice) or a write-off for a subscription. Its id is the payment's OrderId, so a
 * provider's notification finds it; its money is one balance_entries row (unique transaction_id).
 */
export const transactions = pgTable(
  'transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    operation: text('operation').$type<TransactionOperation>().notNull(),
    status: text('status').$type<TransactionStatus>().notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    comment: text('comment').notNull().default(''),
    provider: text('provider').$type<TransactionProvider>().notNull(),
    providerPaymentId: text('provider_payment_id'),
    /** The provider's last status word (NEW, CONFIRMED, REJECTED, …) or why it failed. */
    providerStatus: text('provider_status'),
    paymentUrl: text('payment_url'),
    /** The payer asked to save the card for automatic payments. */
    saveMethod: boolean('save_method').notNull().default(false),
    purse: text('purse').$type<Purse>().notNull().default('account'),
    /** The subscription it pays for (a write-off, a renewal charge, a top-up for a purchase). */
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    invoiceNumber: integer('invoice_number'),
    actNumber: integer('act_number'),
    /** The buyer's organisation details as the invoice was issued. */
    requisites: jsonb('requisites').$type<Record<string, string | null>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('transactions_account_created_idx').on(t.accountId, t.createdAt),
    uniqueIndex('transactions_provider_payment_unique').on(t.provider, t.providerPaymentId),
    uniqueIndex('transactions_invoice_number_unique').on(t.invoiceNumber),
    uniqueIndex('transactions_renewal_charge_unique')
      .on(t.subscriptionId)
      .where(sql`${t.operation} = 'renewal'`),
  ],
);

export const invoiceNumbers = pgSequence('invoice_numbers', { startWith: 1 });
export const actNumbers = pgSequence('act_numbers', { startWith: 1 });

/** A saved card the owner allowed us to charge (SPEC §7 recurrent payments); the token is sealed. */
export const recurrentPayments = pgTable(
  'recurrent_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'tbank' | 'stripe'>().notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    /** What it pays for: subscription renewals. */
    purpose: text('purpose').$type<'subscriptions'>().notNull(),
    methodSealed: text('method_sealed').notNull(),
    label: text('label'),
    /** The payment that saved it; a redelivered notification saves nothing twice. */
    sourceTransactionId: uuid('source_transaction_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('recurrent_payments_source_unique').on(t.sourceTransactionId),
    index('recurrent_payments_account_idx').on(t.accountId),
  ],
);

/** The organisation details an account last issued an invoice with (SPEC §7 GET /payment/requisites). */
export const accountRequisites = pgTable('account_requisites', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<Record<string, string | null>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export type BalanceEntry = typeof balanceEntries.$inferSelect;
export type BalanceHold = typeof balanceHolds.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
export type Transaction = typeof transactions.$inferSelect;
export type RecurrentPayment = typeof recurrentPayments.$inferSelect;
