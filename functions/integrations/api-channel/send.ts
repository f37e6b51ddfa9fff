import { attachmentLink } from '../../channels/attachments';
import { type ChannelSender, integrationOfChat } from '../../channels/channel';
import { queueCallback } from './outbox';
import { tellIfStopped } from './stops';

/**
 * The API channel's outbound half: a stored outgoing message (the bot's reply, an operator's answer
 * from Chats) becomes a `message` callback in the outbox, once per message id, and the job posts it
 * (deliver-job.ts); the message counts as sent once it is there, since the outbox retries it and
 * keeps it as a dead letter if it never goes. Files go as public links beside the text.
 */
export const apiChannelSender: ChannelSender = {
  sendsAttachments: true,
  async deliver(ctx, chat, message) {
    const integration = await integrationOfChat(ctx, chat);
    if (!integration) {
      console.warn(`api channel chat ${chat.id}: the integration is gone; not sent`);
      return;
    }
    await queueCallback(ctx.ports, integration, {
      eventId: message.id,
      event: 'message',
      chatExternalId: chat.externalId,
      fields: {
        message: {
          id: message.id,
          author: message.author,
          text: message.text,
          attachments: message.attachments.map((file) => ({
            url: attachmentLink(ctx.settings, file),
            name: file.name,
            content_type: file.contentType,
          })),
          created_at: message.createdAt.toISOString(),
        },
      },
    });
    if (message.author === 'bot') {
      await tellIfStopped(ctx.ports, integration, chat.externalId, { by: 'bot', messageId: message.id });
    }
  },
  async explain() {},
};
