import { and, eq, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { type Account, accounts, type Bot, bots, type Chat, type Message, messages } from '../../db/schema';
import type { Db } from '../ports/db';
import { rowFromJson, selectValue } from '../ports/db-rows';
import { HISTORY_LIMIT } from './prompt';

export async function botOfChat(db: Db, chat: Chat): Promise<Bot | undefined> {
  if (!chat.botId) return undefined;
  const [bot] = await db
    .select()
    .from(bots)
    .where(and(eq(bots.id, chat.botId), eq(bots.accountId, chat.accountId)));
  return bot;
}

/** Matches no bot: a chat whose bot was deleted. */
const NO_BOT = '00000000-0000-0000-0000-000000000000';

/** The chat's bot (undefined once deleted) and its account, in one statement. */
export async function botAndAccountOf(
  db: Db,
  chat: Chat,
): Promise<{ bot: Bot | undefined; account: Account | undefined }> {
  const [row] = await db
    .select({ account: accounts, bot: bots })
    .from(accounts)
    .leftJoin(bots, and(eq(bots.id, chat.botId ?? NO_BOT), eq(bots.accountId, accounts.id)))
    .where(eq(accounts.id, chat.accountId));
  return { bot: row?.bot ?? undefined, account: row?.account };
}

/** Customer messages of the chat not dealt with yet (answered, refused, failed or taken over). */
export const waitingCustomer = (chatId: string) =>
  and(eq(messages.chatId, chatId), eq(messages.author, 'customer'), isNull(messages.answeredAt));

/**
 * The dialogue up to `seq` as the model reads it: its last HISTORY_LIMIT messages, oldest first, as
 * one JSON value (`dialogueOf` reads it), so a caller can read it with other things in one statement.
 */
export const dialogueSql = (chatId: string, seq: number): SQL => sql`(
  select coalesce(jsonb_agg(to_jsonb(d) order by d.seq), '[]'::jsonb) from (
    select * from ${messages} where ${and(
      eq(messages.chatId, chatId),
      lte(messages.seq, seq),
      inArray(messages.author, ['customer', 'operator', 'bot']),
    )} order by ${messages.seq} desc limit ${HISTORY_LIMIT}) d)`;

export const dialogueOf = (json: unknown): Message[] =>
  Array.isArray(json) ? json.map((row) => rowFromJson(messages, row as Record<string, unknown>)) : [];

export async function dialogueUpTo(db: Db, chatId: string, seq: number): Promise<Message[]> {
  return dialogueOf(await selectValue<unknown>(db, sql`select ${dialogueSql(chatId, seq)} as value`));
}
