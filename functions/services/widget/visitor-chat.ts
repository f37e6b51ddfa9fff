import { and, eq, isNull } from 'drizzle-orm';
import { type Chat, messages } from '../../../db/schema';
import { findChat } from '../../engine/chats';
import { visitorRoom } from '../../integrations/onchat/view';
import type { ServiceContext } from '../context';
import type { WidgetAccess } from './widget-access';

/** The chat of one visitor of one widget: keyed by the visitor id the widget generated. */
export const findVisitorChat = (ctx: ServiceContext, access: WidgetAccess, visitorId: string) =>
  findChat(ctx.ports.db, {
    accountId: access.integration.accountId,
    channel: access.integration.type,
    integrationId: access.integration.id,
    externalId: visitorId,
  });

/** When the answer to the visitor's waiting message is due; null when no message waits for one. */
export async function pendingAnswerAt(ctx: ServiceContext, chat: Chat): Promise<string | null> {
  if (!chat.answerDueAt) return null;
  const [waiting] = await ctx.ports.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.chatId, chat.id), eq(messages.author, 'customer'), isNull(messages.answeredAt)))
    .limit(1);
  return waiting ? chat.answerDueAt.toISOString() : null;
}

/** A fresh address of the visitor's live room (its token lasts an hour). */
export const visitorRoomUrl = (ctx: ServiceContext, chat: Chat) =>
  ctx.ports.rooms.joinUrl(visitorRoom(chat.id), ctx.ports.clock.now());
