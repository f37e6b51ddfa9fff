import { type ChannelSender, integrationOfChat } from '../../channels/channel';
import { safeErrorText } from '../../shared/safe-error';
import { learnedText, withBitrixApi } from './tokens';

/**
 * The bot's replies into an Open Lines chat (reference/crm.md §2.6): `imbot.message.add` as the
 * registered bot into the chat's dialog; the connector carries it to the customer's messenger. An
 * operator's answer written in Chats goes the same way. Failures are logged, not retried: Bitrix24
 * may have posted the message before the failure reached us.
 */
export const bitrixSender: ChannelSender = {
  async deliver(ctx, chat, message) {
    const integration = await integrationOfChat(ctx, chat);
    const botId = integration ? learnedText(integration, 'bot_id') : null;
    const dialogId = chat.channelRefs.dialog_id ?? chat.externalId;
    if (!integration?.activated || !botId || !dialogId) {
      console.warn(
        `bitrix chat ${chat.id}: the integration is gone or off, or no bot is registered; not sent`,
      );
      return;
    }
    try {
      await withBitrixApi(ctx, integration, (api) =>
        api.result('imbot.message.add', {
          BOT_ID: Number(botId),
          DIALOG_ID: dialogId,
          MESSAGE: message.text,
        }),
      );
    } catch (error) {
      console.error(`bitrix chat ${chat.id}: not sent: ${safeErrorText(error)}`);
    }
  },
  async explain() {},
};
