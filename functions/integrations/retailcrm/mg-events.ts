import type { ChannelMessage } from '../../engine/integration-inbound';
import { asRecord } from '../../shared/as-record';
import { withoutNul } from '../../shared/strip-nul';

/**
 * The chat gateway's events (reference/crm.md §3.3) as the stream holder forwards them, one frame
 * per delivery: `{type, meta, data: {message}}`. A public `message_new` from the customer is theirs;
 * from a user (a manager) it is an operator's and stops the bot; the bot's own and private notes
 * between managers are left alone. A file or an image is kept as a placeholder with its caption.
 */

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const id = (value: unknown) =>
  typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)) ? String(value) : '';

const PLACEHOLDERS: Record<string, string> = {
  image: '[image]',
  file: '[document]',
  audio: '[audio]',
  order: '[order]',
  product: '[product]',
};

/** The messages one frame carries; null when it is not a frame of the chat gateway. */
export function readMgFrame(body: unknown): ChannelMessage[] | null {
  const frame = asRecord(body);
  const type = text(frame.type);
  if (!type) return null;
  if (type !== 'message_new') return [];
  const message = asRecord(asRecord(frame.data).message);
  const messageId = id(message.id);
  const chatId = id(message.chat_id);
  if (!messageId || !chatId) return null;
  const from = asRecord(message.from);
  const author = text(from.type);
  if (text(message.scope) === 'private' || (author !== 'customer' && author !== 'user')) return [];
  const kind = text(message.type);
  const content = withoutNul(text(message.content)).trim();
  const placeholder =
    kind === 'text' ? '' : (PLACEHOLDERS[kind] ?? (kind === 'system' ? null : '[unsupported message]'));
  if (placeholder === null || (!content && !placeholder)) return [];
  const dialogId = id(asRecord(message.dialog).id);
  const customer = asRecord(asRecord(message.chat).customer);
  return [
    {
      chatExternalId: chatId,
      messageExternalId: messageId,
      author: author === 'customer' ? 'customer' : 'operator',
      text: [placeholder, content].filter(Boolean).join(' '),
      ...(author === 'customer'
        ? {
            customer: {
              name: text(from.name) || text(customer.name) || null,
              phone: text(customer.phone) || null,
              username: text(customer.username) || null,
            },
          }
        : {}),
      refs: { chat_id: chatId, ...(dialogId ? { dialog_id: dialogId } : {}) },
    },
  ];
}
