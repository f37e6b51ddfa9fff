import { and, desc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { type Account, accounts, type Bot, bots, type Chat, type Message, messages } from '../../db/schema';
import type { Db } from '../ports/db';
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

/** The dialogue up to `seq` as the model reads it: its last HISTORY_LIMIT messages, oldest first. */
export async function dialogueUpTo(db: Db, chatId: string, seq: number): Promise<Message[]> {
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.chatId, chatId),
        lte(messages.seq, seq),
        inArray(messages.author, ['customer', 'operator', 'bot']),
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(HISTORY_LIMIT);
  return rows.reverse();
}
