/**
 * What Wazzup POSTs to the subscribed URI (reference/messengers.md §1.3): the `{"test":true}` probe,
 * or a delivery with any of `messages`, `statuses`, `channelsUpdates`. No signature: the URI's secret
 * proves the sender. Unknown fields are ignored; a body of none of these shapes is garbage (null).
 */
export interface WazzupInboundMessage {
  messageId: string;
  channelId: string;
  chatType: string;
  chatId: string;
  dateTime: string | null;
  type: string;
  /** false: the customer wrote; true: the channel sent it (a manager, or our own API send). */
  isEcho: boolean;
  text: string;
  contentUri: string | null;
  contact: { name: string | null; phone: string | null; username: string | null };
  authorName: string | null;
  sentFromApp: boolean;
  /** A deletion notice for an earlier message (its content is in oldInfo): nothing new was said. */
  isDeleted: boolean;
  /**
   * The crmMessageId of our own API send, if Wazzup echoes it (not among the documented webhook
   * fields: own echoes are recognised by what was sent, see the module's echoes.ts).
   */
  crmMessageId: string | null;
}

export interface WazzupChannelUpdate {
  channelId: string;
  /** The webhook's casing (qr, openElsewhere, …); compare case-insensitively. */
  state: string;
  /** A data: URL of the QR PNG, present while the state is qr. */
  qr: string | null;
  timestamp: number | null;
}

export type WazzupWebhook =
  | { kind: 'probe' }
  | {
      kind: 'delivery';
      messages: WazzupInboundMessage[];
      statuses: { messageId: string; status: string }[];
      channelsUpdates: WazzupChannelUpdate[];
    };

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function message(value: unknown): WazzupInboundMessage | null {
  const one = record(value);
  if (!one) return null;
  const messageId = text(one.messageId);
  const channelId = text(one.channelId);
  const chatId = one.chatId === undefined || one.chatId === null ? null : String(one.chatId);
  if (!messageId || !channelId || !chatId) return null;
  const contact = record(one.contact) ?? {};
  return {
    messageId,
    channelId,
    chatType: text(one.chatType) ?? 'whatsapp',
    chatId,
    dateTime: text(one.dateTime),
    type: text(one.type) ?? 'text',
    isEcho: one.isEcho === true,
    text: text(one.text) ?? '',
    contentUri: text(one.contentUri),
    contact: { name: text(contact.name), phone: text(contact.phone), username: text(contact.username) },
    authorName: text(one.authorName),
    sentFromApp: one.sentFromApp === true,
    isDeleted: one.isDeleted === true,
    crmMessageId: text(one.crmMessageId),
  };
}

function channelUpdate(value: unknown): WazzupChannelUpdate | null {
  const one = record(value);
  const channelId = one && text(one.channelId);
  if (!one || !channelId) return null;
  return {
    channelId,
    state: text(one.state) ?? '',
    qr: text(one.qr),
    timestamp: typeof one.timestamp === 'number' ? one.timestamp : null,
  };
}

export function readWazzupWebhook(body: unknown): WazzupWebhook | null {
  const root = record(body);
  if (!root) return null;
  if (root.test === true) return { kind: 'probe' };
  const known = ['messages', 'statuses', 'channelsUpdates'].some((key) => Array.isArray(root[key]));
  if (!known) return null;
  return {
    kind: 'delivery',
    messages: list(root.messages)
      .map(message)
      .filter((one): one is WazzupInboundMessage => one !== null),
    statuses: list(root.statuses)
      .map(record)
      .filter((one): one is Record<string, unknown> => one !== null && typeof one.messageId === 'string')
      .map((one) => ({ messageId: String(one.messageId), status: String(one.status ?? '') })),
    channelsUpdates: list(root.channelsUpdates)
      .map(channelUpdate)
      .filter((one): one is WazzupChannelUpdate => one !== null),
  };
}
