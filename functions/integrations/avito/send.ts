import { type ChannelSender, integrationOfChat } from '../../channels/channel';
import { splitMessage } from '../../channels/split-message';
import { AVITO_TEXT_LIMIT } from '../../shared/avito';
import { ownSends } from '../own-sends';
import { avitoClientOf, avitoUserId } from './account';
import { AvitoError } from './client';

/** Our sends, told from a manager's messages when Avito echoes them (index.ts). */
export const avitoSends = ownSends('avito');

/**
 * Avito's outbound half: a stored message (the bot's reply or an operator's) goes to the chat from
 * the account, split at Avito's 1000 characters. Each part's id is remembered (and, while the
 * request is under way, its chat and text), so its echo is not taken for a manager's message. A
 * 429 is waited out by the client, a refused token is replaced once; any other failure is logged
 * and not retried (a timeout or a 5xx may have sent the part already), and the message stays in
 * the chats screen. A switched-off integration sends nothing, as it receives nothing.
 */
export const avitoSender: ChannelSender = {
  async deliver(ctx, chat, message) {
    const integration = await integrationOfChat(ctx, chat);
    const userId = integration ? avitoUserId(integration) : null;
    let client: Awaited<ReturnType<typeof avitoClientOf>> = null;
    try {
      client = integration?.activated ? await avitoClientOf(ctx, integration) : null;
    } catch (error) {
      // Fails closed: a secret that does not open under SECRETS_KEY sends nothing, and says why.
      console.error(`avito chat ${chat.id}: ${error instanceof Error ? error.message : error}; not sent`);
      return;
    }
    if (!integration?.activated || !client || !userId) {
      console.warn(`avito chat ${chat.id}: the integration is gone, off, or not connected; not sent`);
      return;
    }
    const { kv } = ctx.ports;
    const parts = splitMessage(message.text, AVITO_TEXT_LIMIT);
    for (const [index, part] of parts.entries()) {
      await avitoSends.starting(kv, integration.id, chat.externalId, part);
      try {
        const sent = await client.sendText(userId, chat.externalId, part);
        await avitoSends.taken(kv, integration.id, chat.externalId, part, sent.messageId);
      } catch (error) {
        // Refused: nothing of this attempt will echo. A timeout or a 5xx may still have gone out.
        if (error instanceof AvitoError && error.status < 500) {
          await avitoSends.taken(kv, integration.id, chat.externalId, part, '');
        }
        const reason = error instanceof Error ? error.message : String(error);
        console.error(
          `avito chat ${chat.id}: message ${message.id} part ${index + 1}/${parts.length}: ${reason}`,
        );
        return;
      }
    }
  },
  async explain() {},
};
