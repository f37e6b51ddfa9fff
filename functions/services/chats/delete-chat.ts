import { and, eq } from 'drizzle-orm';
import { chats } from '../../../db/schema';
import type { AccountContext } from '../context';
import { ownChat } from './own-chat';

/** DELETE /api/chats/{id}: the chat goes with its messages; a pending answer stands down; history stays. */
export async function deleteChat(ctx: AccountContext, id: string): Promise<void> {
  const chat = await ownChat(ctx, id);
  await ctx.ports.db.delete(chats).where(and(eq(chats.id, chat.id), eq(chats.accountId, ctx.account.id)));
}
