import { receiveInbound } from '../../engine/receive';
import type { CheckMessageInput } from '../../shared/schemas/check';
import { ownBot } from '../bots/own-bot';
import type { AccountContext } from '../context';
import { checkChatKey } from './check-chat';

/**
 * POST /api/check/messages: the owner writes to the bot as a customer would. The message goes
 * through the engine like any channel's (gates, accumulation, respond), on the channel 'check'.
 */
export async function sendCheckMessage(ctx: AccountContext, input: CheckMessageInput) {
  const bot = await ownBot(ctx, input.bot_id);
  const key = checkChatKey(ctx, bot.id);
  const result = await receiveInbound(
    ctx,
    {
      accountId: key.accountId,
      botId: bot.id,
      channel: key.channel,
      integrationId: key.integrationId,
      chatExternalId: key.externalId,
      messageExternalId: crypto.randomUUID(),
      author: 'customer',
      text: input.text,
    },
    { bot, account: ctx.account },
  );
  return {
    chat_id: result.chat.id,
    message: {
      id: result.message.id,
      author: 'customer' as const,
      text: result.message.text,
      created_at: result.message.createdAt.toISOString(),
    },
    answer_due_at: result.answerDueAt && !result.instant ? result.answerDueAt.toISOString() : null,
  };
}
