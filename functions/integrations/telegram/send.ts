import { attachmentBytes } from '../../channels/attachments';
import { type ChannelSender, integrationOfChat } from '../../channels/channel';
import { splitMessage } from '../../channels/split-message';
import { TELEGRAM_MESSAGE_LIMIT } from './api';
import { telegramClient, telegramToken } from './connect';

/**
 * Telegram's outbound half: a stored message (the bot's reply or an operator's) goes to the chat
 * through the integration's bot, split at Telegram's 4096-character limit, once. A failure is
 * logged and not retried (the client has already tried again where the request never left), so a
 * customer never gets the same part twice; the message stays in the chats screen. A switched-off
 * integration sends nothing, as it receives nothing. Refusals are never explained to customers.
 */
export const telegramSender: ChannelSender = {
  sendsAttachments: true,
  async deliver(ctx, chat, message) {
    const integration = await integrationOfChat(ctx, chat);
    let token: string | null = null;
    try {
      token = integration?.activated ? await telegramToken(ctx.settings, integration) : null;
    } catch (error) {
      // Fails closed: a token that does not open under SECRETS_KEY sends nothing, and says why.
      console.error(`telegram chat ${chat.id}: ${error instanceof Error ? error.message : error}; not sent`);
      return;
    }
    if (!integration?.activated || !token) {
      console.warn(`telegram chat ${chat.id}: the integration is gone, off or has no token; not sent`);
      return;
    }
    const client = telegramClient(ctx.settings, token);
    const parts = splitMessage(message.text, TELEGRAM_MESSAGE_LIMIT);
    for (const [index, part] of parts.entries()) {
      try {
        await client.sendMessage(chat.externalId, part);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        console.error(
          `telegram chat ${chat.id}: message ${message.id} part ${index + 1}/${parts.length}: ${reason}`,
        );
        return;
      }
    }
    for (const attachment of message.attachments) {
      const file = await attachmentBytes(ctx, chat, attachment);
      if (!file) continue;
      try {
        // Telegram shows photos up to 10 MB; bigger pictures go as documents.
        if (attachment.kind === 'image' && file.data.byteLength <= 10 * 1024 * 1024)
          await client.sendPhoto(chat.externalId, file);
        else await client.sendDocument(chat.externalId, file);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        console.error(`telegram chat ${chat.id}: message ${message.id} file ${attachment.name}: ${reason}`);
        return;
      }
    }
  },
  async explain() {},
};
