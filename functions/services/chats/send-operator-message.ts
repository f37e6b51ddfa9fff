import { deliverOnce } from '../../engine/deliver';
import { messageView } from '../../engine/message-view';
import { publishToChat } from '../../engine/publish';
import { receiveInbound } from '../../engine/receive';
import type { OperatorMessageInput } from '../../shared/schemas/chats';
import type { AccountContext } from '../context';
import { ownChat } from './own-chat';
import { stopView } from './set-chat-stop';

/**
 * POST /api/chats/{id}/messages: a team member answers from the chats screen. The message goes
 * through the engine as an operator's (the bot's stop logic applies; a chat whose bot was deleted
 * only stores it), then out through the channel.
 */
export async function sendOperatorMessage(ctx: AccountContext, id: string, input: OperatorMessageInput) {
  const found = await ownChat(ctx, id);
  const { chat, message } = await receiveInbound(
    ctx,
    {
      accountId: found.accountId,
      botId: found.botId,
      channel: found.channel,
      integrationId: found.integrationId,
      chatExternalId: found.externalId,
      messageExternalId: `operator:${crypto.randomUUID()}`,
      author: 'operator',
      text: input.text,
      outgoing: true,
    },
    { account: ctx.account },
  );
  const view = messageView(message);
  await publishToChat(ctx, chat, { type: 'message', message: view });
  await deliverOnce(ctx, chat, message);
  return { message: view, ...stopView(chat, ctx.ports.clock.now()) };
}
