import type { Chat } from '../../../db/schema';
import { type ChatStop, effectiveState } from '../../engine/chat-state';
import { publishToChat } from '../../engine/publish';
import type { AccountContext } from '../context';
import { nudgeEndpoints } from '../event-webhooks/nudge';
import { stopChats } from '../event-webhooks/stop-chats';

/** What the chats screen needs back after a state change. */
export const stopView = (chat: Chat, now: Date) => {
  const state = effectiveState(chat, now);
  return {
    id: chat.id,
    state,
    pause_code: state === 'paused' ? chat.pauseCode : null,
    paused_until: state === 'paused' && chat.pausedUntil ? chat.pausedUntil.toISOString() : null,
  };
};

/**
 * Writes one stop to the account's chats, with the bot.stopped event of each it stops (event
 * webhooks, the same statement), and tells each chat's room about its new state.
 */
export async function setChatStop(
  ctx: AccountContext,
  list: readonly Chat[],
  stop: ChatStop,
): Promise<Chat[]> {
  if (list.length === 0) return [];
  const now = ctx.ports.clock.now();
  const { saved, hooked } = await stopChats(ctx.ports.db, ctx.account.id, list, stop, 'owner', now);
  await nudgeEndpoints(ctx.ports, hooked);
  await Promise.all(saved.map((chat) => publishToChat(ctx, chat, { type: 'state', state: chat.state })));
  return saved;
}
