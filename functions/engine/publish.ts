import type { Chat } from '../../db/schema';
import type { EngineContext } from './context';
import type { MessageView } from './message-view';

/** The realtime room of a chat: browsers showing it (Check, Chats) subscribe here. */
export const chatRoom = (chatId: string) => `chat:${chatId}`;

/**
 * Tells the chat's room about a new message or state. Best effort: the message is stored already
 * and screens also poll, so a failed push is logged, never retried.
 */
export async function publishToChat(
  ctx: EngineContext,
  chat: Pick<Chat, 'id'>,
  event: { type: 'message'; message: MessageView } | { type: 'state'; state: Chat['state'] },
): Promise<void> {
  try {
    await ctx.ports.rooms.publish(chatRoom(chat.id), { chat_id: chat.id, ...event });
  } catch (error) {
    console.error('publishing to a chat room failed', error);
  }
}
