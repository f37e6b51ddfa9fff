import { asRecord } from '../../shared/as-record';
import { withoutNul } from '../../shared/strip-nul';

/**
 * What Avito POSTs to a /messenger/v3/webhook subscription (reference/messengers.md §5, the
 * OpenAPI's WebhookMessage): `{id, version, timestamp, payload: {type: "message", value: {...}}}`.
 * `value.user_id` is always the account the webhook is registered on; `author_id` equal to it
 * means the account itself wrote (our send, or a manager in Avito's own app). An empty object is
 * the address check Avito's docs ask for (`curl -d '{}'`): answered 200, nothing read.
 */
export interface AvitoWebhookMessage {
  id: string;
  chatId: string;
  /** The account the webhook is registered on. */
  userId: string;
  authorId: string;
  /** text, image, system, item, call, link, location, deleted, appCall, file, video, voice. */
  type: string;
  /** u2i (about a listing), u2u, a2u (with Avito itself). */
  chatType: string;
  content: Record<string, unknown>;
  itemId: string | null;
}

export type AvitoWebhook =
  | { kind: 'probe' }
  | { kind: 'message'; message: AvitoWebhookMessage }
  /** Another payload type (Avito may add some): acknowledged, nothing read. */
  | { kind: 'other'; type: string };

/** An id as text; U+0000 is dropped, as the engine drops it (Postgres and jsonb cannot keep it). */
const id = (value: unknown): string | null =>
  typeof value === 'number' && Number.isSafeInteger(value)
    ? String(value)
    : typeof value === 'string' && withoutNul(value) !== ''
      ? withoutNul(value)
      : null;

/** The delivery read from the body; null for a body that is not Avito's (garbage → 400). */
export function readAvitoWebhook(body: unknown): AvitoWebhook | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const root = body as Record<string, unknown>;
  if (Object.keys(root).length === 0) return { kind: 'probe' };
  const payload = root.payload;
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const { type, value } = payload as Record<string, unknown>;
  if (typeof type !== 'string') return null;
  if (type !== 'message') return { kind: 'other', type };
  const one = asRecord(value);
  const messageId = id(one.id);
  const chatId = typeof one.chat_id === 'string' ? id(one.chat_id) : null;
  const userId = id(one.user_id);
  const authorId = id(one.author_id) ?? '0';
  if (!messageId || !chatId || !userId) return null;
  return {
    kind: 'message',
    message: {
      id: messageId,
      chatId,
      userId,
      authorId,
      type: typeof one.type === 'string' ? one.type : 'text',
      chatType: typeof one.chat_type === 'string' ? one.chat_type : 'u2i',
      content: asRecord(one.content),
      itemId: id(one.item_id),
    },
  };
}
