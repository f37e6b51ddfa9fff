import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AssistantProposal, AssistantRequestType } from '../../functions/shared/assistant';
import type { Currency } from '../../functions/shared/constants';
import { accounts } from './accounts';
import { bots } from './bots';

/**
 * A dialogue with Rex, the AI assistant (SPEC §2 /ai_assistant): to create a new bot or to improve
 * `bot_id`. A created bot is remembered here, so later proposals improve it.
 */
export const assistantDialogs = pgTable(
  'assistant_dialogs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    requestType: text('request_type').$type<AssistantRequestType>().notNull(),
    botId: uuid('bot_id').references(() => bots.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('assistant_dialogs_account_idx').on(t.accountId, t.lastMessageAt)],
);

/** A message of a Rex dialogue; Rex's may carry a proposal of bot settings the user accepts or rejects. */
export const assistantMessages = pgTable(
  'assistant_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Orders messages even within one instant. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    dialogId: uuid('dialog_id')
      .notNull()
      .references(() => assistantDialogs.id, { onDelete: 'cascade' }),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    text: text('text').notNull(),
    proposal: jsonb('proposal').$type<AssistantProposal>(),
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency').$type<Currency>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('assistant_messages_dialog_idx').on(t.dialogId, t.seq)],
);

export type AssistantDialog = typeof assistantDialogs.$inferSelect;
export type AssistantMessage = typeof assistantMessages.$inferSelect;
