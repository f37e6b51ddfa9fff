import { eq } from 'drizzle-orm';
import { type Chat, chats, type Message } from '../../../db/schema';
import { channelSender } from '../../channels';
import { storeInbound } from '../../engine/inbound';
import { messageView } from '../../engine/message-view';
import { publishToChat } from '../../engine/publish';
import { receiveInbound } from '../../engine/receive';
import type { OperatorMessageInput } from '../../shared/schemas/chats';
import type { AccountContext } from '../context';
import { ownChat } from './own-chat';
import { stopView } from './set-chat-stop';

/** A chat whose bot was deleted has no stop logic to apply: the message is only stored. */
async function storeOnly(ctx: AccountContext, chat: Chat, text: string) {
  const now = ctx.ports.clock.now();
  const { message } = await storeInbound(
    ctx.ports.db,
    chat,
    { externalId: `operator:${crypto.randomUUID()}`, author: 'operator', text },
    now,
  );
  await ctx.ports.db.update(chats).set({ lastMessageAt: now }).where(eq(chats.id, chat.id));
  return { chat, message };
}

/**
 * POST /api/chats/{id}/messages: a team member answers from the chats screen. The message goes
 * through the engine as an operator's (the bot's stop logic applies), then out through the channel.
 */
export async function sendOperatorMessage(ctx: AccountContext, id: string, input: OperatorMessageInput) {
  const found = await ownChat(ctx, id);
  const { chat, message }: { chat: Chat; message: Message } = found.botId
    ? await receiveInbound(
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
        },
        { account: ctx.account },
      )
    : await storeOnly(ctx, found, input.text);
  const view = messageView(message);
  await publishToChat(ctx, chat, { type: 'message', message: view });
  await channelSender(chat.channel).deliver(ctx, chat, message);
  return { message: view, ...stopView(chat, ctx.ports.clock.now()) };
}
