import { and, desc, eq, lt, ne } from 'drizzle-orm';
import { bots, historyEntries, messages } from '../../../db/schema';
import { messageView } from '../../engine/message-view';
import { AppError } from '../../shared/app-error';
import type { ChatMessagesQuery } from '../../shared/schemas/chats';
import type { AccountContext } from '../context';
import { chatView } from './chat-view';
import { ownChat } from './own-chat';
import { markRead, unreadCounts } from './unread';

const badCursor = () =>
  new AppError('validation_failed', 'validation_failed', { fields: { before: 'invalid_value' } });

/**
 * GET /api/chats/{id}: the chat and one page of its dialogue, oldest first within the page, each
 * answer with its price. Without `before` the page is the newest messages; `next_before` names the
 * page's first message when older ones exist (pass it as `before` for them), null at the start.
 * Opening the chat (the newest page) marks it read up to its newest message, so it answers
 * `unread: 0`; a page of older messages leaves the read mark alone.
 */
export async function getChat(ctx: AccountContext, id: string, query: ChatMessagesQuery) {
  const chat = await ownChat(ctx, id);
  const { db, clock } = ctx.ports;
  const ofChat = and(eq(messages.chatId, chat.id), eq(messages.accountId, ctx.account.id));
  let where = ofChat;
  if (query.before) {
    const [anchor] = await db
      .select({ seq: messages.seq })
      .from(messages)
      .where(and(ofChat, eq(messages.id, query.before)));
    if (!anchor) throw badCursor();
    where = and(ofChat, lt(messages.seq, anchor.seq));
  }
  const [bot] = chat.botId
    ? await db.select({ id: bots.id, name: bots.name }).from(bots).where(eq(bots.id, chat.botId))
    : [];
  // One row more than the page tells whether older messages exist.
  const rows = await db
    .select({ message: messages, priceMinor: historyEntries.priceMinor, currency: historyEntries.currency })
    .from(messages)
    .leftJoin(historyEntries, eq(historyEntries.id, messages.historyId))
    .where(where)
    .orderBy(desc(messages.seq))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit).reverse();
  const newest = rows[0]?.message.seq;
  let unread = 0;
  if (query.before) unread = (await unreadCounts(db, [chat.id])).get(chat.id) ?? 0;
  else if (newest !== undefined && newest > chat.readSeq) await markRead(db, chat.id, newest);
  const views = page.map(({ message, priceMinor, currency }) =>
    messageView(
      message,
      message.author === 'bot' && priceMinor !== null && currency !== null
        ? { priceMinor, currency }
        : undefined,
    ),
  );
  const inPage = query.before
    ? undefined
    : page.map((row) => row.message).findLast((m) => m.author !== 'system');
  const [last] = inPage
    ? [inPage]
    : await db
        .select()
        .from(messages)
        .where(and(ofChat, ne(messages.author, 'system')))
        .orderBy(desc(messages.seq))
        .limit(1);
  return {
    ...chatView(chat, bot ?? null, last ?? null, clock.now(), unread),
    messages: views,
    next_before: rows.length > query.limit ? (views[0]?.id ?? null) : null,
  };
}
