import { type ChannelSender, integrationOfChat } from '../../channels/channel';
import { safeErrorText } from '../../shared/safe-error';
import { openConnectionSecret } from '../connection-secrets';
import { fetchFor } from '../module';
import { retailText } from './account';
import { createMgClient } from './mg-client';

/**
 * The bot's replies into a RetailCRM chat (reference/crm.md §3.3): a public text message as the
 * chat gateway's bot, which RetailCRM carries to the customer's messenger. An operator's answer
 * written in Chats goes the same way. Failures are logged, not retried: the gateway may have taken
 * the message before the failure reached us.
 */
export const retailSender: ChannelSender = {
  async deliver(ctx, chat, message) {
    const integration = await integrationOfChat(ctx, chat);
    const chatId = Number(chat.channelRefs.chat_id ?? chat.externalId);
    const endpoint = integration ? retailText(integration, 'mg_endpoint') : '';
    if (!integration?.activated || !endpoint || !Number.isSafeInteger(chatId)) {
      console.warn(`retailcrm chat ${chat.id}: the integration is gone or off, or has no chats; not sent`);
      return;
    }
    try {
      const token = await openConnectionSecret(ctx.settings.secretsKey, integration, 'mg_token');
      if (!token) throw new Error('no chat bot token');
      await createMgClient({ endpoint, token, fetch: fetchFor(ctx.settings, 'retailcrm') }).sendText(
        chatId,
        message.text,
      );
    } catch (error) {
      console.error(`retailcrm chat ${chat.id}: not sent: ${safeErrorText(error)}`);
    }
  },
  async explain() {},
};
