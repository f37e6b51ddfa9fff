import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { bots } from './bots';

/** A file of a media storage sent with a message (the bot's media action). */
export interface MessageAttachment {
  fileId: string;
  name: string;
  contentType: string;
  sizeBytes: number;
  /** Shown as a picture where the channel can; otherwise sent as a document. */
  kind: 'image' | 'file';
  /** Opens the file's public link (services/knowledge/media-link.ts). */
  signature: string;
}

/** SPEC §4 chat states. */
export type ChatState = 'working' | 'stopped' | 'paused';
/** SPEC §4 pause codes: 1 forever, 2 one day, 3 one hour, 4 ten minutes; null is unspecified. */
export type PauseCode = 1 | 2 | 3 | 4;
export type MessageAuthor = 'customer' | 'operator' | 'bot' | 'system';

/**
 * A dialogue with one customer on one channel. `channel` is the channel type ('check' for the
 * bot check screen; later 'onchat', 'telegram', ...), `integration_id` the connected account it
 * came through (none for 'check'), `external_id` the chat's id in that channel.
 */
export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The bot serving the chat; a deleted bot leaves its chats without one. */
    botId: uuid('bot_id').references(() => bots.id, { onDelete: 'set null' }),
    channel: text('channel').notNull(),
    integrationId: uuid('integration_id'),
    externalId: text('external_id').notNull(),
    state: text('state').$type<ChatState>().notNull().default('working'),
    /** A pause ends on its own at this time; null with state 'paused' is a pause without end. */
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    pauseCode: integer('pause_code').$type<PauseCode>(),
    /** A stop "until the next message": the customer's next message switches the bot back on. */
    resumeOnMessage: boolean('resume_on_message').notNull().default(false),
    /** Values of the bot's variables filled so far in this dialogue. */
    variables: jsonb('variables').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    /** When the pending answer is due; meaningful only while a customer message waits. */
    answerDueAt: timestamp('answer_due_at', { withTimezone: true }),
    /**
     * The respond run answering this chat now holds it until this time (ARCHITECTURE §6: respond
     * runs for one chat are serialised); a run that crashed frees the chat when its lease ends.
     */
    answeringUntil: timestamp('answering_until', { withTimezone: true }),
    answeringLease: uuid('answering_lease'),
    /** Who the customer is, as the channel named them (latest known wins); shown in the inbox. */
    customerName: text('customer_name'),
    customerPhone: text('customer_phone'),
    customerUsername: text('customer_username'),
    /**
     * What the channel knows the chat by besides external_id, latest known wins per key (amoCRM's
     * lead, contact and talk ids): the chat's CRM deal for replies and actions.
     */
    channelRefs: jsonb('channel_refs').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    /** The last message seq an owner has seen in Chats: customer messages after it are unread. */
    readSeq: bigint('read_seq', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // A missing integration counts as one value, so a channel without integrations keys by external id.
    unique('chats_external_unique')
      .on(t.accountId, t.channel, t.integrationId, t.externalId)
      .nullsNotDistinct(),
    index('chats_account_last_idx').on(t.accountId, t.lastMessageAt),
  ],
);

/**
 * A message of a chat. `seq` orders messages even within one instant; `external_id` makes a
 * redelivered inbound message a no-op. `answered_at` marks a customer message the engine has dealt
 * with (answered, refused by a gate, failed or taken over by an operator): the respond step claims
 * waiting messages by setting it, so an answer is stored once.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    author: text('author').$type<MessageAuthor>().notNull(),
    text: text('text').notNull(),
    attachments: jsonb('attachments').$type<MessageAttachment[]>().notNull().default([]),
    /** For bot and system messages: the history row they belong to (price, event). */
    historyId: uuid('history_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Outgoing messages (bot, operator): when the channel took it; null until then (commit-then-send). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** A delivery under way holds the message until then, so a retry and the sweeper do not both send it. */
    deliveringUntil: timestamp('delivering_until', { withTimezone: true }),
  },
  (t) => [
    unique('messages_external_unique').on(t.chatId, t.externalId),
    index('messages_chat_seq_idx').on(t.chatId, t.seq),
    index('messages_waiting_idx')
      .on(t.createdAt)
      .where(sql`${t.answeredAt} is null and ${t.author} = 'customer'`),
    index('messages_undelivered_idx')
      .on(t.createdAt)
      .where(sql`${t.deliveredAt} is null and ${t.author} in ('bot', 'operator')`),
  ],
);

export type Chat = typeof chats.$inferSelect;
export type Message = typeof messages.$inferSelect;
