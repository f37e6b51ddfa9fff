import { and, count, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import { chats, messages } from '../../../db/schema';
import type { Db } from '../../ports/db';

/**
 * Unread customer messages of each chat named (those after the chat's `read_seq`), in one grouped
 * query; a chat with none is missing from the map. The bot check's "customer" is the owner trying
 * their bot, so its chats have nothing unread.
 */
export async function unreadCounts(db: Db, chatIds: readonly string[]): Promise<Map<string, number>> {
  if (chatIds.length === 0) return new Map();
  const rows = await db
    .select({ chatId: messages.chatId, n: count() })
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.chatId))
    .where(
      and(
        inArray(messages.chatId, [...chatIds]),
        eq(messages.author, 'customer'),
        gt(messages.seq, chats.readSeq),
        ne(chats.channel, 'check'),
      ),
    )
    .groupBy(messages.chatId);
  return new Map(rows.map((row) => [row.chatId, row.n]));
}

/** The owner has seen the chat up to message `seq`: its read mark moves there, never back. */
export async function markRead(db: Db, chatId: string, seq: number): Promise<void> {
  await db
    .update(chats)
    .set({ readSeq: sql`greatest(${chats.readSeq}, ${seq})` })
    .where(eq(chats.id, chatId));
}
