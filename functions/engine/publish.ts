import type { Chat } from '../../db/schema';
import { safeErrorText } from '../shared/safe-error';
import type { EngineContext } from './context';
import type { MessageView } from './message-view';

/**
 * The realtime room of a chat, for the owner's screens. Its messages carry prices, so the widget's
 * visitor follows a price-free room of their own (integrations/onchat/view.ts).
 */
export const chatRoom = (chatId: string) => `chat:${chatId}`;

/** The realtime room of an account: the Chats list learns there that one of its chats changed. */
export const accountRoom = (accountId: string) => `account:${accountId}`;

export type ChatEvent = { type: 'message'; message: MessageView } | { type: 'state'; state: Chat['state'] };

/**
 * Tells the chat's room about a new message or state, and the account's room which chat changed.
 * Best effort: the message is stored already and screens poll while their socket is closed, so a
 * failed push is logged, never retried.
 */
export async function publishToChat(
  ctx: EngineContext,
  chat: Pick<Chat, 'id' | 'accountId'>,
  event: ChatEvent,
): Promise<void> {
  const { rooms } = ctx.ports;
  const results = await Promise.allSettled([
    rooms.publish(chatRoom(chat.id), { chat_id: chat.id, ...event }),
    rooms.publish(accountRoom(chat.accountId), { chat_id: chat.id, type: event.type }),
  ]);
  for (const result of results) {
    if (result.status === 'rejected')
      console.error('publishing to a chat room failed', safeErrorText(result.reason));
  }
}
