import { and, eq } from 'drizzle-orm';
import { apiChannelCallbacks, type Integration } from '../../../db/schema';
import type { ChannelMessage } from '../../engine/integration-inbound';
import type { ServiceContext } from '../../services/context';
import { type ApiChannelInbound, inboundText } from './contract';
import { tellIfStopped } from './stops';

/** A message of the contract as the engine takes it; its id is the external id, so a redelivery is stored once. */
export function apiChannelMessage(message: ApiChannelInbound): ChannelMessage {
  return {
    chatExternalId: message.chatId,
    messageExternalId: message.messageId,
    author: message.author,
    text: inboundText(message),
    ...(message.author === 'customer' ? { customer: message.customer } : {}),
  };
}

/** Whether `messageId` is one we posted to the callback URL: the account's system echoing our reply. */
async function isOwnEcho(ctx: ServiceContext, integrationId: string, messageId: string): Promise<boolean> {
  const [row] = await ctx.ports.db
    .select({ id: apiChannelCallbacks.id })
    .from(apiChannelCallbacks)
    .where(
      and(
        eq(apiChannelCallbacks.integrationId, integrationId),
        eq(apiChannelCallbacks.eventId, messageId),
        eq(apiChannelCallbacks.event, 'message'),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * An operator's message from the account's system: our own reply echoed back is ignored; any other
 * is the operator's, so the bot's stop logic applies, and the system is told if the bot stopped.
 */
export async function receiveOperatorMessage(
  ctx: ServiceContext,
  integration: Integration,
  receive: (message: ChannelMessage) => Promise<unknown>,
  message: ApiChannelInbound,
): Promise<void> {
  if (await isOwnEcho(ctx, integration.id, message.messageId)) return;
  await receive(apiChannelMessage(message));
  await tellIfStopped(ctx.ports, integration, message.chatId, {
    by: 'operator',
    messageId: message.messageId,
  });
}
