import { findChat } from '../../engine/chats';
import { CHECK_CHANNEL } from '../../engine/gates';
import type { AccountContext } from '../context';

/** The Check dialogue of a bot: one per account and bot, keyed by the bot's id. */
export const checkChatKey = (ctx: AccountContext, botId: string) => ({
  accountId: ctx.account.id,
  channel: CHECK_CHANNEL,
  integrationId: null,
  externalId: botId,
});

export const findCheckChat = (ctx: AccountContext, botId: string) =>
  findChat(ctx.ports.db, checkChatKey(ctx, botId));
