import { messages } from '../../db/schema';
import { messageView } from '../engine/message-view';
import { publishToChat } from '../engine/publish';
import type { ChannelSender } from './channel';

/**
 * The Check screen's channel. Its customer is the bot's owner in the browser, who reads the chat
 * from the database and its room, so a reply is delivered by being stored; refusals are explained
 * as system messages.
 */
export const checkChannel: ChannelSender = {
  deliversByStoring: true,
  sendsAttachments: true,
  async deliver() {},
  async explain(ctx, chat, text, historyId) {
    const now = ctx.ports.clock.now();
    const [notice] = await ctx.ports.db
      .insert(messages)
      .values({
        accountId: chat.accountId,
        chatId: chat.id,
        externalId: `system:${historyId}`,
        author: 'system',
        text,
        historyId,
        createdAt: now,
        answeredAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (notice) await publishToChat(ctx, chat, { type: 'message', message: messageView(notice) });
  },
};
