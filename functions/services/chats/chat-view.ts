import type { Chat, Message } from '../../../db/schema';
import { effectiveState } from '../../engine/chat-state';

/**
 * A chat as the chats screen lists it; an expired pause shows as working. `customer` is who the
 * channel says the customer is (nulls when it does not say); `unread` counts the customer's messages
 * after the last one the owner has seen.
 */
export function chatView(
  chat: Chat,
  bot: { id: string; name: string } | null,
  last: Pick<Message, 'text' | 'author' | 'createdAt'> | null,
  now: Date,
  unread: number,
) {
  const state = effectiveState(chat, now);
  return {
    id: chat.id,
    bot,
    channel: chat.channel,
    external_id: chat.externalId,
    customer: {
      name: chat.customerName,
      phone: chat.customerPhone,
      username: chat.customerUsername,
    },
    state,
    pause_code: state === 'paused' ? chat.pauseCode : null,
    paused_until: state === 'paused' && chat.pausedUntil ? chat.pausedUntil.toISOString() : null,
    last_message: last
      ? { text: last.text, author: last.author, created_at: last.createdAt.toISOString() }
      : null,
    last_message_at: chat.lastMessageAt.toISOString(),
    unread,
  };
}

export type ChatView = ReturnType<typeof chatView>;
