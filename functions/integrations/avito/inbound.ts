import type { ChannelMessage } from '../../engine/integration-inbound';
import { asRecord } from '../../shared/as-record';
import { withoutNul } from '../../shared/strip-nul';
import type { AvitoWebhookMessage } from './webhook';

/**
 * Avito's messages (reference/messengers.md §5) read into what the engine takes. Avito's own
 * notices (system), shared listings (item), calls and deletions say nothing to answer and are left
 * alone, as are chats with Avito itself (a2u). A message without text is kept as a short
 * placeholder naming what was sent, so the dialogue and the bot see that something came.
 */

const NOT_ANSWERED = new Set(['system', 'item', 'call', 'appCall', 'deleted']);

const PLACEHOLDERS: Record<string, string> = {
  image: '[image]',
  voice: '[voice message]',
  video: '[video]',
  file: '[file]',
  location: '[location]',
  link: '[link]',
};

const text = (value: unknown): string => (typeof value === 'string' ? withoutNul(value).trim() : '');

/** The message's text: its own, or the kind it is with what it says; null when it is not answered. */
export function avitoText(message: Pick<AvitoWebhookMessage, 'type' | 'content'>): string | null {
  if (NOT_ANSWERED.has(message.type)) return null;
  const { content } = message;
  if (message.type === 'text') return text(content.text) || null;
  const said =
    message.type === 'link'
      ? text(asRecord(content.link).url) || text(asRecord(content.link).text)
      : message.type === 'location'
        ? text(asRecord(content.location).text) || text(asRecord(content.location).title)
        : text(content.text);
  const placeholder = PLACEHOLDERS[message.type] ?? '[unsupported message]';
  return said ? `${placeholder} ${said}` : placeholder;
}

/** Whether the message is in one of this account's chats with a customer. */
export const isOwnChat = (message: AvitoWebhookMessage, userId: string | null) =>
  userId !== null && message.userId === userId && message.chatType !== 'a2u';

/** Whether the account itself wrote it: our send, or a manager in Avito's app or site. */
export const byAccount = (message: AvitoWebhookMessage) => message.authorId === message.userId;

/** A message read for the engine; its id is its external id, so a redelivery is stored once. */
export function avitoMessage(
  message: AvitoWebhookMessage,
  author: ChannelMessage['author'],
): ChannelMessage | null {
  const said = avitoText(message);
  if (said === null) return null;
  return {
    chatExternalId: message.chatId,
    messageExternalId: message.id,
    author,
    text: said,
    ...(message.itemId ? { refs: { item_id: message.itemId } } : {}),
  };
}
