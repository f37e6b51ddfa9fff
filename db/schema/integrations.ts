import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';

/**
 * Integration types of SPEC §3: the API list, then those the settings text also covers, then the
 * open API channel of issue #24 §5.
 */
export const INTEGRATION_TYPES = [
  'kommo',
  'amocrm',
  'yclients',
  'altegio',
  'wazzup',
  'telegram',
  'chatgpt',
  'alfacrm',
  'retailcrm',
  'tbank',
  'wahelp',
  'messagehelp',
  'bitrix',
  'whatsapp',
  'calendly',
  'wappi',
  'avito',
  'imot.io',
  'shopscript',
  'onchat',
  'api_channel',
] as const;

export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

/** A connected external system of an account (SPEC §3 Integration). */
export const integrations = pgTable(
  'integrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').$type<IntegrationType>().notNull(),
    /** The account in the external system (amoCRM subdomain, salon id, bot username, ...). */
    integrationAccountId: text('integration_account_id'),
    connectionData: jsonb('connection_data')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    activated: boolean('activated').notNull().default(true),
    /**
     * A messenger instance (Wazzup channel, Wappi profile) without a paid subscription: when the
     * owner was told it will be deleted the next day (SPEC §4); cleared once it is paid for again.
     */
    instanceNoticeAt: timestamp('instance_notice_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('integrations_account_idx').on(t.accountId)],
);

export type Integration = typeof integrations.$inferSelect;

/**
 * A side effect in an external system that must happen once (a CRM task created by a bot's action):
 * `key` names it (the chat, the answered message, the action), `pending` is written before the call
 * and `done` with its result after, so a retried run finds it made, or checks the system before
 * making it again.
 */
export const externalEffects = pgTable('external_effects', {
  key: text('key').primaryKey(),
  accountId: uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  state: text('state').$type<'pending' | 'done'>().notNull(),
  result: jsonb('result').$type<Record<string, unknown>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ExternalEffect = typeof externalEffects.$inferSelect;
