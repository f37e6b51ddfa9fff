import type { ChannelMessage } from '../../engine/integration-inbound';
import { withoutNul } from '../../shared/strip-nul';
import type { WappiEvent } from './webhook';

/**
 * Wappi's messages (reference/messengers.md §2.5) read into what the engine takes. Only private
 * chats of the integration's profile are its own: groups are left alone, as are reactions and
 * service notices, which say nothing new. A customer's message (incoming_message, not is_me) is
 * answered; one the owner typed on the phone (outgoing_message_phone) is the operator's, so the
 * bot's stop logic applies; our own sends' echoes (outgoing_message_api) are ignored. A message
 * without text is kept as a short placeholder naming what was sent, with its caption.
 */

type WappiMessage = Extract<WappiEvent, { kind: 'message' }>;

/** Postgres cannot store U+0000; a text loses only that character, never the message. */

/** Kinds that carry nothing to answer. */
const SKIPPED = new Set([
  'reaction',
  'system',
  'revoked',
  'e2e_notification',
  'notification_template',
  'ciphertext',
]);

const PLACEHOLDERS: Record<string, (message: WappiMessage) => string> = {
  image: () => '[image]',
  video: () => '[video]',
  ptt: () => '[voice message]',
  audio: () => '[audio]',
  document: (message) => (message.fileName ? `[document: ${withoutNul(message.fileName)}]` : '[document]'),
  sticker: () => '[sticker]',
  location: () => '[location]',
  vcard: () => '[contact]',
};

/** The message's text: its own, or the kind it is with its caption; null when there is nothing. */
export function wappiText(message: WappiMessage): string | null {
  if (SKIPPED.has(message.type)) return null;
  const text = withoutNul(message.text).trim();
  if (message.type === 'chat') return text || null;
  const placeholder = PLACEHOLDERS[message.type]?.(message) ?? '[unsupported message]';
  return text ? `${placeholder} ${text}` : placeholder;
}

/** A WhatsApp chat id of a private chat is the customer's number. */
const isPrivateNumber = (chatId: string) => /^\d{5,20}$/.test(chatId);

/**
 * The messages of one delivery that are this profile's to hand to the engine; a message id is its
 * external id, so a redelivery is stored once.
 */
export function wappiMessages(events: WappiEvent[], profileId: string): ChannelMessage[] {
  const messages: ChannelMessage[] = [];
  for (const event of events) {
    if (event.kind !== 'message' || event.from === 'api' || event.group) continue;
    // Every Wappi event names its profile: another profile's (the owner switched profiles) is not ours.
    if (event.profileId && event.profileId !== profileId) continue;
    if (!isPrivateNumber(event.chatId)) continue;
    const text = wappiText(event);
    if (text === null) continue;
    messages.push({
      chatExternalId: event.chatId,
      messageExternalId: event.id,
      author: event.from === 'customer' ? 'customer' : 'operator',
      text,
      ...(event.from === 'customer'
        ? { customer: { name: event.senderName?.trim() || null, phone: event.chatId, username: null } }
        : {}),
    });
  }
  return messages;
}
