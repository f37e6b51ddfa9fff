import { chats, type Integration } from '../../../db/schema';
import type { Ports } from '../../ports';
import { chatOfIntegration } from '../chat-of-integration';
import { queueCallback } from './outbox';

/**
 * Telling the account's system that the bot no longer answers in a conversation: after the bot's
 * reply that stopped it (its stop action), or after an operator's message stopped it (the bot's stop
 * logic). The event is keyed by what stopped it, so it is sent once however often that is retried.
 */
export async function tellIfStopped(
  ports: Pick<Ports, 'db' | 'jobs' | 'clock'>,
  integration: Pick<Integration, 'id' | 'accountId' | 'type'>,
  chatExternalId: string,
  cause: { by: 'bot' | 'operator'; messageId: string },
): Promise<void> {
  const [chat] = await ports.db.select().from(chats).where(chatOfIntegration(integration, chatExternalId));
  if (!chat || chat.state === 'working') return;
  await queueCallback(ports, integration, {
    eventId: `stop:${cause.by}:${cause.messageId}`,
    event: 'chat.stopped',
    chatExternalId,
    fields: {
      stopped_by: cause.by,
      message_id: cause.messageId,
      state: chat.state,
      paused_until: chat.pausedUntil?.toISOString() ?? null,
      resumes_on_customer_message: chat.resumeOnMessage,
    },
  });
}
