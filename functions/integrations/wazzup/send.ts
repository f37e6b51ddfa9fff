import { attachmentLink } from '../../channels/attachments';
import { type ChannelSender, integrationOfChat } from '../../channels/channel';
import { splitMessage } from '../../channels/split-message';
import { chosenChannelId, wazzupApiKey, wazzupClient } from './account';
import { WAZZUP_TEXT_LIMIT, WazzupError } from './client';
import { sendStarting, sendTaken } from './echoes';

/**
 * Wazzup's outbound half: a stored message (the bot's reply or an operator's) goes to the WhatsApp
 * chat through the chosen channel, split at WhatsApp's 10 000-character limit. Each part carries a
 * crmMessageId made of our message id, so Wazzup refuses a repeat within a minute
 * (REPEATED_CRM_MESSAGE_ID, taken as sent): a part is never sent twice. A 429 is waited out by the
 * client; any other failure is logged and not retried, and the message stays in the chats screen.
 * A switched-off integration sends nothing, as it receives nothing.
 */

/** Our id of one part: the message id, with the part's number when there are several. */
const crmMessageIdOf = (messageId: string, index: number, parts: number) =>
  parts === 1 ? messageId : `${messageId}:${index + 1}`;

/** The part was sent already, by an earlier run of this delivery (the docs spell the code both ways). */
const isRepeat = (error: WazzupError) =>
  error.code.replaceAll('_', '').toLowerCase() === 'repeatedcrmmessageid';

export const wazzupSender: ChannelSender = {
  sendsAttachments: true,
  async deliver(ctx, chat, message) {
    const integration = await integrationOfChat(ctx, chat);
    const channelId = integration ? chosenChannelId(integration) : null;
    let apiKey: string | null = null;
    try {
      apiKey = integration?.activated ? await wazzupApiKey(ctx.settings, integration) : null;
    } catch (error) {
      // Fails closed: a key that does not open under SECRETS_KEY sends nothing, and says why.
      console.error(`wazzup chat ${chat.id}: ${error instanceof Error ? error.message : error}; not sent`);
      return;
    }
    if (!integration?.activated || !apiKey || !channelId) {
      console.warn(
        `wazzup chat ${chat.id}: the integration is gone, off, or has no key or channel; not sent`,
      );
      return;
    }
    const client = wazzupClient(ctx.settings, apiKey);
    // Text and a file never share a send (`text` xor `contentUri`): each file is a part of its own.
    const parts: { text: string; contentUri?: string }[] = [
      ...splitMessage(message.text, WAZZUP_TEXT_LIMIT).map((text) => ({ text })),
      ...message.attachments.map((attachment) => ({
        text: '',
        contentUri: attachmentLink(ctx.settings, attachment),
      })),
    ];
    for (const [index, { text: part, contentUri }] of parts.entries()) {
      const crmMessageId = crmMessageIdOf(message.id, index, parts.length);
      await sendStarting(ctx, integration.id, chat.externalId, part, crmMessageId);
      try {
        const sent = await client.sendMessage({
          channelId,
          chatType: 'whatsapp',
          chatId: chat.externalId,
          ...(contentUri ? { contentUri } : { text: part }),
          crmMessageId,
        });
        await sendTaken(ctx, integration.id, chat.externalId, part, sent.messageId);
      } catch (error) {
        // Refused: nothing of this attempt will echo. A timeout or a 5xx may still have gone out.
        if (error instanceof WazzupError && error.status < 500)
          await sendTaken(ctx, integration.id, chat.externalId, part, '');
        if (error instanceof WazzupError && isRepeat(error)) continue;
        const reason = error instanceof Error ? error.message : String(error);
        console.error(
          `wazzup chat ${chat.id}: message ${message.id} part ${index + 1}/${parts.length}: ${reason}`,
        );
        return;
      }
    }
  },
  async explain() {},
};
