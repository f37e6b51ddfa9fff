import type { ChannelMessage } from '../../engine/integration-inbound';
import { withoutNul } from '../../shared/strip-nul';
import type { WazzupInboundMessage } from './webhook';

/**
 * Wazzup's messages (reference/messengers.md §1.3.3) read into what the engine takes. Only private
 * WhatsApp chats of the chosen channel are this integration's: group chats and other channels of
 * the account are left alone. A message without text is kept as a short placeholder naming what was
 * sent, with its caption, so the dialogue and the bot see that something came.
 */

/** Postgres cannot store U+0000; a text loses only that character, never the message. */

const PLACEHOLDERS: Record<string, string> = {
  image: '[image]',
  audio: '[audio]',
  video: '[video]',
  document: '[document]',
  vcard: '[contact]',
  geo: '[location]',
  wapi_template: '[template]',
  missing_call: '[missed call]',
  unsupported: '[unsupported message]',
  unknown: '[unsupported message]',
};

/** The message's text: its own, or the kind it is with its caption; null when there is nothing. */
export function wazzupText(message: Pick<WazzupInboundMessage, 'type' | 'text'>): string | null {
  const text = withoutNul(message.text).trim();
  if (message.type === 'text') return text || null;
  const placeholder = PLACEHOLDERS[message.type] ?? '[unsupported message]';
  return text ? `${placeholder} ${text}` : placeholder;
}

/** Whether a message belongs to this integration: its channel, a private WhatsApp chat. */
export const isOwnChat = (message: WazzupInboundMessage, channelId: string | null) =>
  channelId !== null &&
  message.channelId === channelId &&
  message.chatType === 'whatsapp' &&
  !message.isDeleted;

/** The customer as Wazzup names them: the contact's name and phone (a WhatsApp chat id is the number). */
const customerOf = (message: WazzupInboundMessage) => ({
  name: message.contact.name?.trim() || null,
  phone: message.contact.phone?.trim() || message.chatId,
  username: message.contact.username?.trim() || null,
});

/**
 * A message of the chat read for the engine: the customer's (isEcho false) or a manager's (an echo
 * that is not ours, decided by the caller). Its messageId is its external id, so a redelivery is
 * stored once.
 */
export function wazzupMessage(
  message: WazzupInboundMessage,
  author: ChannelMessage['author'],
): ChannelMessage | null {
  const text = wazzupText(message);
  if (text === null) return null;
  return {
    chatExternalId: message.chatId,
    messageExternalId: message.messageId,
    author,
    text,
    ...(author === 'customer' ? { customer: customerOf(message) } : {}),
  };
}
