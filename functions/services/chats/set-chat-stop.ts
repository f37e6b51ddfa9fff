import { and, eq, inArray } from 'drizzle-orm';
import { type Chat, chats } from '../../../db/schema';
import { type ChatStop, effectiveState } from '../../engine/chat-state';
import { publishToChat } from '../../engine/publish';
import type { AccountContext } from '../context';

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

/** Writes one stop to the account's chats and tells each chat's room about its new state. */
export async function setChatStop(
  ctx: AccountContext,
  list: readonly Chat[],
  stop: ChatStop,
): Promise<Chat[]> {
  if (list.length === 0) return [];
  const saved = await ctx.ports.db
    .update(chats)
    .set(stop)
    .where(
      and(
        inArray(
          chats.id,
          list.map((chat) => chat.id),
        ),
        eq(chats.accountId, ctx.account.id),
      ),
    )
    .returning();
  await Promise.all(saved.map((chat) => publishToChat(ctx, chat, { type: 'state', state: chat.state })));
  return saved;
}
