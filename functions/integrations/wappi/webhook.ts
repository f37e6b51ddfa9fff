/**
 * What Wappi POSTs (User-Agent WappiWH, reference/messengers.md §2.5): `{messages: [...]}`, each
 * with `wh_type`. A customer writes: incoming_message, is_me false, chat_type dialog; the owner
 * typed on the phone: outgoing_message_phone (a human took over); our own send: outgoing_message_api.
 */
export type WappiEvent =
  | {
      kind: 'message';
      from: 'customer' | 'phone' | 'api';
      id: string;
      profileId: string;
      /** The other party's number, without @c.us. */
      chatId: string;
      /** A text message's body; for media, its caption (a media body may carry the file itself). */
      text: string;
      /** chat (text), image, video, document, ptt (voice), audio, sticker, location, vcard, reaction, … */
      type: string;
      /** A document's file name, when the webhook gives one. */
      fileName: string | null;
      senderName: string | null;
      group: boolean;
      timestamp: number | null;
    }
  | { kind: 'authorization'; profileId: string; online: boolean }
  | { kind: 'delivery'; profileId: string; id: string; status: string }
  | { kind: 'other'; whType: string };

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const number = (jid: unknown) => text(jid).replace(/@.*$/, '');

function event(value: unknown): WappiEvent | null {
  const one = record(value);
  if (!one || typeof one.wh_type !== 'string') return null;
  const profileId = text(one.profile_id);
  const whType = one.wh_type;
  if (whType === 'authorization_status') {
    return { kind: 'authorization', profileId, online: text(one.status).toLowerCase() === 'online' };
  }
  if (whType === 'delivery_status')
    return { kind: 'delivery', profileId, id: text(one.id), status: text(one.status) };
  const from =
    whType === 'incoming_message'
      ? 'customer'
      : whType === 'outgoing_message_phone'
        ? 'phone'
        : whType === 'outgoing_message_api'
          ? 'api'
          : null;
  if (!from || !one.id) return { kind: 'other', whType };
  // The chat is the customer's number whichever side wrote.
  const chatId = number(one.chatId) || number(from === 'customer' ? one.from : one.to);
  const type = text(one.type) || 'chat';
  return {
    kind: 'message',
    from: from === 'customer' && one.is_me === true ? 'phone' : from,
    id: String(one.id),
    profileId,
    chatId,
    text: type === 'chat' ? text(one.body) : text(one.caption),
    type,
    fileName: text(one.file_name) || text(one.fileName) || null,
    senderName: text(one.senderName) || text(one.contact_name) || null,
    // A group's chat id ends with @g.us; the number alone would pass for a private chat.
    group: text(one.chat_type) === 'group' || /@g\.us$/.test(text(one.chatId)),
    timestamp: typeof one.timestamp === 'number' ? one.timestamp : null,
  };
}

/** The events of one delivery; null for a body that is not Wappi's (garbage → 400). */
export function readWappiWebhook(body: unknown): WappiEvent[] | null {
  const root = record(body);
  if (!root || !Array.isArray(root.messages)) return null;
  return root.messages.map(event).filter((one): one is WappiEvent => one !== null);
}
