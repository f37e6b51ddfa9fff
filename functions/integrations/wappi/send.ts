import { type ChannelSender, integrationOfChat } from '../../channels/channel';
import { splitMessage } from '../../channels/split-message';
import { wappiClientOf } from './account';
import { WAPPI_TEXT_LIMIT } from './client';

/**
 * Wappi's outbound half: a stored message (the bot's reply or an operator's) goes to the WhatsApp
 * chat through the integration's profile, split at WAPPI_TEXT_LIMIT. A 429 is waited out by the
 * client (Wappi took nothing, so nothing goes twice); any other failure is logged and not retried,
 * since a timeout or a 5xx may have sent the part already, and the message stays in the chats
 * screen. Wappi echoes each send as outgoing_message_api, which the inbound half ignores. A
 * switched-off integration sends nothing, as it receives nothing.
 */
export const wappiSender: ChannelSender = {
  async deliver(ctx, chat, message) {
    const integration = await integrationOfChat(ctx, chat);
    let client: Awaited<ReturnType<typeof wappiClientOf>> = null;
    try {
      client = integration?.activated ? await wappiClientOf(ctx.settings, integration) : null;
    } catch (error) {
      // Fails closed: a token that does not open under SECRETS_KEY sends nothing, and says why.
      console.error(`wappi chat ${chat.id}: ${error instanceof Error ? error.message : error}; not sent`);
      return;
    }
    if (!integration?.activated || !client) {
      console.warn(
        `wappi chat ${chat.id}: the integration is gone, off, or has no token or profile; not sent`,
      );
      return;
    }
    const parts = splitMessage(message.text, WAPPI_TEXT_LIMIT);
    for (const [index, part] of parts.entries()) {
      try {
        await client.sendText(chat.externalId, part);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        console.error(
          `wappi chat ${chat.id}: message ${message.id} part ${index + 1}/${parts.length}: ${reason}`,
        );
        return;
      }
    }
  },
  async explain() {},
};
