import type { Chat, Message } from '../../../db/schema';
import { effectiveState } from '../../engine/chat-state';

/** A chat as the chats screen lists it; an expired pause shows as working. */
export function chatView(
  chat: Chat,
  bot: { id: string; name: string } | null,
  last: Pick<Message, 'text' | 'author' | 'createdAt'> | null,
  now: Date,
) {
  const state = effectiveState(chat, now);
  return {
    id: chat.id,
    bot,
    channel: chat.channel,
    external_id: chat.externalId,
    state,
    pause_code: state === 'paused' ? chat.pauseCode : null,
    paused_until: state === 'paused' && chat.pausedUntil ? chat.pausedUntil.toISOString() : null,
    last_message: last
      ? { text: last.text, author: last.author, created_at: last.createdAt.toISOString() }
      : null,
    last_message_at: chat.lastMessageAt.toISOString(),
  };
}

export type ChatView = ReturnType<typeof chatView>;
