import { asRecord } from '../../shared/as-record';

/**
 * What Meta POSTs for a WABA (reference/whatsapp-cloud.md §2.3–2.6, §5): `{object:
 * "whatsapp_business_account", entry: [{id, changes: [{field, value}]}]}`, batched (several
 * entries, changes, messages, statuses in one POST). Every entry and change is read, of any
 * number; a kind not known here is skipped (never a 500, §6). The chat is the customer's
 * business-scoped user id when Meta gives one, else their WhatsApp id (§2.4).
 */

export interface WhatsAppCustomerMessage {
  kind: 'message';
  phoneNumberId: string;
  wamid: string;
  /** The customer: `user_id ?? wa_id`. */
  chat: string;
  waId: string | null;
  userId: string | null;
  name: string | null;
  type: string;
  /** The text, or for media its caption, for a button or list reply its title. */
  text: string;
  fileName: string | null;
}

/** A message the owner sent from the WhatsApp Business app on the shared number (coexistence, §5). */
export interface WhatsAppEcho {
  kind: 'echo';
  phoneNumberId: string;
  wamid: string;
  chat: string;
  type: string;
  text: string;
  fileName: string | null;
}

export interface WhatsAppStatus {
  kind: 'status';
  phoneNumberId: string;
  /** The wamid our send was answered with. */
  wamid: string;
  status: string;
  /** The first error's code and text of a failed one. */
  error: { code: number | null; title: string; details: string | null } | null;
}

export type WhatsAppEvent = WhatsAppCustomerMessage | WhatsAppEcho | WhatsAppStatus;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const nonEmpty = (value: unknown): string | null => text(value).trim() || null;

/** What a message of `type` says in words: its body, its caption, the title of the reply chosen. */
function contentOf(
  message: Record<string, unknown>,
  type: string,
): { text: string; fileName: string | null } {
  const body = asRecord(message[type]);
  if (type === 'text') return { text: text(body.body), fileName: null };
  if (type === 'button') return { text: text(body.text), fileName: null };
  if (type === 'interactive') {
    const reply = asRecord(body.button_reply ?? body.list_reply ?? body.nfm_reply);
    return { text: text(reply.title), fileName: null };
  }
  if (type === 'edit') {
    const edited = asRecord(body.message);
    const editedType = text(edited.type) || 'text';
    return contentOf(edited, editedType);
  }
  return { text: text(body.caption), fileName: nonEmpty(body.filename) };
}

function customerMessages(value: Record<string, unknown>, phoneNumberId: string): WhatsAppCustomerMessage[] {
  const contacts = list(value.contacts).map(asRecord);
  return list(value.messages)
    .map(asRecord)
    .flatMap((message) => {
      const wamid = nonEmpty(message.id);
      const waId = nonEmpty(message.from);
      const contact =
        contacts.find(
          (one) =>
            (waId && text(one.wa_id) === waId) ||
            (nonEmpty(message.from_user_id) && text(one.user_id) === text(message.from_user_id)),
        ) ?? (contacts.length === 1 ? contacts[0] : undefined);
      const userId = nonEmpty(message.from_user_id) ?? nonEmpty(contact?.user_id);
      const chat = userId ?? waId ?? nonEmpty(contact?.wa_id);
      if (!wamid || !chat) return [];
      const type = text(message.type) || 'unknown';
      return [
        {
          kind: 'message' as const,
          phoneNumberId,
          wamid,
          chat,
          waId: waId ?? nonEmpty(contact?.wa_id),
          userId,
          name: nonEmpty(asRecord(contact?.profile).name),
          type,
          ...contentOf(message, type),
        },
      ];
    });
}

function echoes(value: Record<string, unknown>, phoneNumberId: string): WhatsAppEcho[] {
  return list(value.message_echoes)
    .map(asRecord)
    .flatMap((echo) => {
      const wamid = nonEmpty(echo.id);
      const chat = nonEmpty(echo.to_user_id) ?? nonEmpty(echo.to);
      if (!wamid || !chat) return [];
      const type = text(echo.type) || 'unknown';
      return [{ kind: 'echo' as const, phoneNumberId, wamid, chat, type, ...contentOf(echo, type) }];
    });
}

function statuses(value: Record<string, unknown>, phoneNumberId: string): WhatsAppStatus[] {
  return list(value.statuses)
    .map(asRecord)
    .flatMap((one) => {
      const wamid = nonEmpty(one.id);
      const status = nonEmpty(one.status);
      if (!wamid || !status) return [];
      const [first] = list(one.errors).map(asRecord);
      const error = first
        ? {
            code: typeof first.code === 'number' ? first.code : null,
            title: text(first.title) || text(first.message),
            details: nonEmpty(asRecord(first.error_data).details),
          }
        : null;
      return [{ kind: 'status' as const, phoneNumberId, wamid, status, error }];
    });
}

/** The events of one delivery; null for a body that is not a WABA's webhook (garbage → 400). */
export function readWhatsAppWebhook(body: unknown): WhatsAppEvent[] | null {
  const root = asRecord(body);
  if (root.object !== 'whatsapp_business_account' || !Array.isArray(root.entry)) return null;
  const events: WhatsAppEvent[] = [];
  for (const entry of root.entry.map(asRecord)) {
    for (const change of list(entry.changes).map(asRecord)) {
      const value = asRecord(change.value);
      const phoneNumberId = text(asRecord(value.metadata).phone_number_id);
      if (change.field === 'messages') {
        events.push(...customerMessages(value, phoneNumberId), ...statuses(value, phoneNumberId));
      } else if (change.field === 'smb_message_echoes') {
        events.push(...echoes(value, phoneNumberId));
      }
    }
  }
  return events;
}
