import { and, eq, inArray } from 'drizzle-orm';
import { type Chat, chats, type PauseCode } from '../../../db/schema';
import { type ChatStop, pauseFor, stopFor } from '../../engine/chat-state';
import type { BulkAction, BulkChatsInput } from '../../shared/schemas/chats';
import type { AccountContext } from '../context';
import { ownChats } from './own-chat';
import { setChatStop } from './set-chat-stop';

/** SPEC §4: the bulk list pauses by the same codes, code 4 lasting thirty minutes there. */
const BULK_PAUSE: Readonly<Record<Exclude<BulkAction, 'stop' | 'delete'>, PauseCode>> = {
  pause_30m: 4,
  pause_1h: 3,
  pause_1d: 2,
  pause_forever: 1,
};

async function deleteChats(ctx: AccountContext, list: readonly Chat[]): Promise<void> {
  await ctx.ports.db.delete(chats).where(
    and(
      inArray(
        chats.id,
        list.map((chat) => chat.id),
      ),
      eq(chats.accountId, ctx.account.id),
    ),
  );
}

/**
 * POST /api/chats/bulk: one action on up to 100 chats. Any chat that is not the account's makes it a
 * 404 with nothing changed.
 */
export async function bulkChats(ctx: AccountContext, input: BulkChatsInput) {
  const list = await ownChats(ctx, input.ids);
  const now = ctx.ports.clock.now();
  if (input.action === 'delete') {
    await deleteChats(ctx, list);
    return { action: input.action, count: list.length };
  }
  const stop: ChatStop =
    input.action === 'stop' ? stopFor('forever', null, now) : pauseFor(BULK_PAUSE[input.action], now, true);
  const saved = await setChatStop(ctx, list, stop);
  return { action: input.action, count: saved.length };
}
