import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export type Currency = 'rub' | 'usd' | 'eur' | 'kzt';
export type Language = 'ru' | 'en';
export type AccountRole = 'client' | 'partner';

/** UTM data and referral id captured from the sign-up link. */
export interface SignupQuery {
  campaign?: string;
  medium?: string;
  referrer?: string;
  source?: string;
  content?: string;
  term?: string;
  ref_id?: string;
}

export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    currency: text('currency').$type<Currency>().notNull(),
    lang: text('lang').$type<Language>().notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    demoTill: timestamp('demo_till', { withTimezone: true }).notNull(),
    tourShowed: boolean('tour_showed').notNull().default(false),
    tourAnswers: jsonb('tour_answers').$type<Record<string, string>>(),
    role: text('role').$type<AccountRole>(),
    notifications: jsonb('notifications').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    signupQuery: jsonb('signup_query').$type<SignupQuery>().notNull().default(sql`'{}'::jsonb`),
    referralId: text('referral_id'),
    /**
     * The partner whose referral link the account signed up through, set once at sign-up: the
     * partner earns from its payments (docs/partners.md) but may not open the account.
     */
    referredByPartnerId: uuid('referred_by_partner_id').references((): AnyPgColumn => accounts.id, {
      onDelete: 'set null',
    }),
    referralLinkId: uuid('referral_link_id'),
    /** The partner whose client this account is (SPEC §6): it may switch in and pay for it. */
    partnerAccountId: uuid('partner_account_id').references((): AnyPgColumn => accounts.id, {
      onDelete: 'set null',
    }),
    /**
     * When the bots last moved to or from the account's own ChatGPT key (SPEC §4): the model sees
     * no dialogue from before it, so a conversation is not continued under another account.
     */
    modelSwitchedAt: timestamp('model_switched_at', { withTimezone: true }),
    /**
     * The account has event webhook endpoints (kept by a trigger, migration 0021): the engine's
     * statements carry the outbox's CTEs only then (services/event-webhooks/emit.ts).
     */
    hasEventWebhooks: boolean('has_event_webhooks').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_email_unique').on(t.email),
    index('accounts_partner_idx').on(t.partnerAccountId),
    index('accounts_referred_by_idx').on(t.referredByPartnerId),
    index('accounts_referral_link_idx').on(t.referralLinkId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** A partner switched into its client's account with this session (shown in the client's sessions). */
    partnerAccountId: uuid('partner_account_id'),
  },
  (t) => [index('sessions_account_idx').on(t.accountId)],
);

/** `attach:<partner id>`: the owner's consent that this partner takes the account as its client. */
export type CodePurpose = 'verify' | 'reset' | `attach:${string}`;

/** One-time e-mail codes; only the newest per account and purpose is live. */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<CodePurpose>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('auth_codes_account_purpose_unique').on(t.accountId, t.purpose)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull().default(''),
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_hash_unique').on(t.keyHash), index('api_keys_account_idx').on(t.accountId)],
);

export type Account = typeof accounts.$inferSelect;
