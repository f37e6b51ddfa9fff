import type { Chat, MessageAttachment } from '../../../db/schema';
import { attachmentLink } from '../../channels/attachments';
import { type ChannelSender, integrationOfChat } from '../../channels/channel';
import { splitMessage } from '../../channels/split-message';
import { whatsappFailureLine } from '../../shared/whatsapp-messages';
import { accountLanguage } from '../booking/bookings';
import { graphClientOf, phoneNumberIdOf } from './account';
import {
  GraphError,
  WHATSAPP_CAPTION_LIMIT,
  WHATSAPP_TEXT_LIMIT,
  type WhatsAppOutgoing,
  type WhatsAppRecipient,
} from './client';
import { rememberSent } from './sent';

/**
 * The WhatsApp Cloud API's outbound half (reference/whatsapp-cloud.md §3): a stored message (the
 * bot's reply or an operator's) goes out as text split at 4096 characters, and each file as media
 * by its public link. A rate limit is waited out by the client (Meta took nothing). Meta has no
 * idempotency key, so nothing else is retried: a refusal is final and said in the dialogue once
 * (131047, the closed 24-hour window, in plain words), a timeout or a 5xx may have sent the part
 * and is only logged. Each wamid Meta answers is kept, so its statuses find the dialogue and an
 * echo of it is never taken for a manager's. A switched-off integration sends nothing.
 */

/** A customer is reached by number when Meta gave one, else by their business-scoped user id (§2.4). */
export function recipientOf(chat: Pick<Chat, 'externalId' | 'channelRefs'>): WhatsAppRecipient {
  const waId = chat.channelRefs.wa_id ?? (/^\d+$/.test(chat.externalId) ? chat.externalId : null);
  // With the "+", Meta does not prepend the business number's country code (§3.1).
  return waId ? { to: `+${waId}` } : { recipient: chat.externalId };
}

const MEDIA_TYPES: Record<string, 'video' | 'audio'> = { video: 'video', audio: 'audio' };

/** A file as WhatsApp media: JPEG/PNG pictures as images (WebP only as stickers), else by its kind. */
function mediaOf(link: string, attachment: MessageAttachment): WhatsAppOutgoing {
  const major = attachment.contentType.split('/')[0] ?? '';
  if (attachment.kind === 'image' && /^image\/(jpeg|png)$/.test(attachment.contentType))
    return { type: 'image', link };
  const type = MEDIA_TYPES[major];
  if (type) return { type, link };
  return { type: 'document', link, filename: attachment.name.slice(0, WHATSAPP_CAPTION_LIMIT) };
}

export const whatsappSender: ChannelSender = {
  sendsAttachments: true,
  async deliver(ctx, chat, message, tools) {
    const integration = await integrationOfChat(ctx, chat);
    const phoneNumberId = integration ? phoneNumberIdOf(integration) : null;
    let client: Awaited<ReturnType<typeof graphClientOf>> = null;
    try {
      client = integration?.activated ? await graphClientOf(ctx.settings, integration) : null;
    } catch (error) {
      // Fails closed: a token that does not open under SECRETS_KEY sends nothing, and says why.
      console.error(`whatsapp chat ${chat.id}: ${error instanceof Error ? error.message : error}; not sent`);
      return;
    }
    if (!integration?.activated || !client || !phoneNumberId) {
      console.warn(`whatsapp chat ${chat.id}: the integration is gone, off, or has no credentials; not sent`);
      return;
    }
    const recipient = recipientOf(chat);
    const parts: WhatsAppOutgoing[] = [
      ...splitMessage(message.text, WHATSAPP_TEXT_LIMIT).map((text) => ({ type: 'text' as const, text })),
      ...message.attachments.map((attachment) =>
        mediaOf(attachmentLink(ctx.settings, attachment), attachment),
      ),
    ];
    for (const [index, part] of parts.entries()) {
      try {
        const { wamid } = await client.sendMessage(phoneNumberId, recipient, part);
        if (wamid) await rememberSent(ctx, integration.id, wamid, chat.id);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        console.error(
          `whatsapp chat ${chat.id}: message ${message.id} part ${index + 1}/${parts.length}: ${reason}`,
        );
        if (error instanceof GraphError && error.status < 500 && tools) {
          const lang = await accountLanguage(ctx, integration.accountId);
          await tools.note(
            `whatsapp-refused:${message.id}`,
            whatsappFailureLine(lang, error.code, error.detail),
          );
        }
        return;
      }
    }
  },
  async explain() {},
};
