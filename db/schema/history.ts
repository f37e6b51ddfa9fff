import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts, type Currency } from './accounts';
import { bots } from './bots';

export type HistoryStatus = 'success' | 'error';

/** An action the bot ran while answering, as the history shows it. */
export interface HistoryAction {
  name: string;
  type: string;
  ok: boolean;
  detail?: string;
}

/**
 * One row per engine outcome (SPEC §2 History): an answer, a refusal by a gate or a failure.
 * `status` is 'success' only when an answer went out. `chat_id` has no foreign key on purpose:
 * clearing a dialogue keeps its history, and the row still names the dialogue it belonged to.
 */
export const historyEntries = pgTable(
  'history_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    botId: uuid('bot_id').references(() => bots.id, { onDelete: 'set null' }),
    chatId: uuid('chat_id'),
    /** Where the dialogue came from: the integration type, or 'check'. */
    source: text('source').notNull(),
    channel: text('channel').notNull(),
    /** The customer message(s) handled, oldest first, separated by blank lines. */
    message: text('message').notNull(),
    response: text('response'),
    /** An engine event code, e.g. 'answered', 'refused_low_balance', 'llm_error'. */
    event: text('event').notNull(),
    status: text('status').$type<HistoryStatus>().notNull(),
    error: text('error'),
    priceMinor: bigint('price_minor', { mode: 'number' }).notNull().default(0),
    currency: text('currency').$type<Currency>().notNull(),
    model: text('model'),
    /** Answered with the account's own ChatGPT key: the model's price is theirs, ours is 0. */
    ownKey: boolean('own_key').notNull().default(false),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    /** Tokens of the knowledge search (the question's embedding), priced with the answer. */
    embeddingTokens: integer('embedding_tokens').notNull().default(0),
    actions: jsonb('actions').$type<HistoryAction[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('history_account_created_idx').on(t.accountId, t.createdAt)],
);

export type HistoryEntry = typeof historyEntries.$inferSelect;
