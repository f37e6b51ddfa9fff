import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, type Currency } from './accounts';

/** UTM tags a referral link carries beside its ref_id (SPEC §9 metrika). */
export interface ReferralUtm {
  source?: string;
  medium?: string;
  campaign?: string;
  content?: string;
  term?: string;
}

/** A partner's referral link (SPEC §3): our sign-up URL with `ref_id` = code and optional UTM. */
export const referralLinks = pgTable(
  'referral_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerAccountId: uuid('partner_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    code: text('code').notNull(),
    utm: jsonb('utm').$type<ReferralUtm>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('referral_links_code_unique').on(t.code),
    index('referral_links_partner_idx').on(t.partnerAccountId, t.createdAt),
  ],
);

export type PartnerEntryKind =
  /** A payment (card, invoice) onto the partner balance. */
  | 'top_up'
  /** A client's subscription paid from the partner balance, with the partner's discount. */
  | 'client_subscription'
  /** Money put on a client's balance, with the partner's discount. */
  | 'client_top_up'
  /** The partner's share of a client's or referred account's settled payment. */
  | 'earning'
  /** That share, or the Wazzup bonus the payment brought, taken back when the payment was refunded. */
  | 'earning_reversal'
  /** A partner top-up that the provider refunded. */
  | 'top_up_refund'
  /** Wazzup's referral bonus after a client's own card or invoice payment paid a Wazzup subscription (once per client). */
  | 'wazzup_bonus';

/**
 * The partner balance's ledger (SPEC §3 clients_partner.balance): the balance is the sum of the
 * partner's rows in its currency. Partial unique indexes make every movement happen once: a
 * top-up per transaction, an earning per client payment, a reversal per client payment and what it
 * takes back (comment 'refund' for the share, 'wazzup' for the bonus), a payment per client
 * subscription, a bonus per client, one result per request id.
 */
export const partnerEntries = pgTable(
  'partner_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerAccountId: uuid('partner_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    kind: text('kind').$type<PartnerEntryKind>().notNull(),
    clientAccountId: uuid('client_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** The partner's own payment (top_up), the client's payment (earning, its reversal, the Wazzup bonus), or the client-side record. */
    transactionId: uuid('transaction_id'),
    subscriptionId: uuid('subscription_id'),
    /** The caller's id of a payment for a client: a repeated request finds this row. */
    requestId: uuid('request_id'),
    /** What an earning is a share of, the rate and the status it was earned at, or the discount taken. */
    baseMinor: bigint('base_minor', { mode: 'number' }),
    ratePercent: integer('rate_percent'),
    status: text('status'),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('partner_entries_partner_idx').on(t.partnerAccountId, t.createdAt),
    index('partner_entries_client_idx').on(t.clientAccountId),
    uniqueIndex('partner_entries_top_up_unique').on(t.transactionId).where(sql`${t.kind} = 'top_up'`),
    uniqueIndex('partner_entries_earning_unique').on(t.transactionId).where(sql`${t.kind} = 'earning'`),
    uniqueIndex('partner_entries_reversal_unique')
      .on(t.transactionId, t.comment)
      .where(sql`${t.kind} = 'earning_reversal'`),
    uniqueIndex('partner_entries_subscription_unique')
      .on(t.subscriptionId)
      .where(sql`${t.kind} = 'client_subscription'`),
    uniqueIndex('partner_entries_bonus_unique').on(t.clientAccountId).where(sql`${t.kind} = 'wazzup_bonus'`),
    uniqueIndex('partner_entries_request_unique').on(t.partnerAccountId, t.requestId),
  ],
);

export type ReferralLink = typeof referralLinks.$inferSelect;
export type PartnerEntry = typeof partnerEntries.$inferSelect;
