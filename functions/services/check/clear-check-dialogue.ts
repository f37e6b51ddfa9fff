import { and, eq } from 'drizzle-orm';
import { chats } from '../../../db/schema';
import { ownBot } from '../bots/own-bot';
import type { AccountContext } from '../context';
import { findCheckChat } from './check-chat';

/**
 * DELETE /api/check/messages: starts the Check dialogue over. The chat goes with its messages,
 * variables and stop; a pending answer finds no chat and stands down; history rows stay.
 */
export async function clearCheckDialogue(ctx: AccountContext, botId: string): Promise<void> {
  const bot = await ownBot(ctx, botId);
  const chat = await findCheckChat(ctx, bot.id);
  if (!chat) return;
  await ctx.ports.db.delete(chats).where(and(eq(chats.id, chat.id), eq(chats.accountId, ctx.account.id)));
}
