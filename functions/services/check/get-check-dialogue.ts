import { and, desc, eq, isNull } from 'drizzle-orm';
import { historyEntries, messages } from '../../../db/schema';
import { effectiveState } from '../../engine/chat-state';
import { messageView } from '../../engine/message-view';
import { ownBot } from '../bots/own-bot';
import type { AccountContext } from '../context';
import { findCheckChat } from './check-chat';

/** The newest messages a dialogue shows. */
const MAX_MESSAGES = 500;

/**
 * GET /api/check/messages: the Check dialogue with the price of each answer, its state, and when
 * the pending answer is due (while a customer message waits for one).
 */
export async function getCheckDialogue(ctx: AccountContext, botId: string) {
  const bot = await ownBot(ctx, botId);
  const chat = await findCheckChat(ctx, bot.id);
  if (!chat) return { chat_id: null, state: 'working' as const, messages: [], answer_due_at: null };
  const { db, clock } = ctx.ports;
  const rows = await db
    .select({ message: messages, priceMinor: historyEntries.priceMinor, currency: historyEntries.currency })
    .from(messages)
    .leftJoin(historyEntries, eq(historyEntries.id, messages.historyId))
    .where(and(eq(messages.chatId, chat.id), eq(messages.accountId, ctx.account.id)))
    .orderBy(desc(messages.seq))
    .limit(MAX_MESSAGES);
  const [waiting] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.chatId, chat.id), eq(messages.author, 'customer'), isNull(messages.answeredAt)))
    .limit(1);
  return {
    chat_id: chat.id,
    state: effectiveState(chat, clock.now()),
    messages: rows
      .reverse()
      .map(({ message, priceMinor, currency }) =>
        messageView(
          message,
          message.author === 'bot' && priceMinor !== null && currency !== null
            ? { priceMinor, currency }
            : undefined,
        ),
      ),
    answer_due_at: waiting && chat.answerDueAt ? chat.answerDueAt.toISOString() : null,
  };
}
