import { and, asc, eq } from 'drizzle-orm';
import { bots, historyEntries, messages } from '../../../db/schema';
import { messageView } from '../../engine/message-view';
import type { AccountContext } from '../context';
import { chatView } from './chat-view';
import { ownChat } from './own-chat';

/** GET /api/chats/{id}: the chat and its dialogue, oldest first, each answer with its price. */
export async function getChat(ctx: AccountContext, id: string) {
  const chat = await ownChat(ctx, id);
  const { db, clock } = ctx.ports;
  const [bot] = chat.botId
    ? await db.select({ id: bots.id, name: bots.name }).from(bots).where(eq(bots.id, chat.botId))
    : [];
  const rows = await db
    .select({ message: messages, priceMinor: historyEntries.priceMinor, currency: historyEntries.currency })
    .from(messages)
    .leftJoin(historyEntries, eq(historyEntries.id, messages.historyId))
    .where(and(eq(messages.chatId, chat.id), eq(messages.accountId, ctx.account.id)))
    .orderBy(asc(messages.seq));
  const views = rows.map(({ message, priceMinor, currency }) =>
    messageView(
      message,
      message.author === 'bot' && priceMinor !== null && currency !== null
        ? { priceMinor, currency }
        : undefined,
    ),
  );
  const last = rows.map((row) => row.message).findLast((message) => message.author !== 'system') ?? null;
  return { ...chatView(chat, bot ?? null, last, clock.now()), messages: views };
}
