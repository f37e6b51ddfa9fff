/**
 * amoCRM's classic account webhook "incoming message received" (reference/crm.md §1.12): form-
 * encoded with PHP-style keys, every value a string, e.g. `message[add][0][chat_id]=…`. Other
 * events of the account arrive at the same address and carry no messages.
 */

export interface AmoWebhookMessage {
  id: string;
  chatId: string;
  talkId: string | null;
  contactId: string | null;
  /** The deal the chat belongs to (element_type 2 / entity_type lead). */
  leadId: string | null;
  text: string;
  /** incoming: the customer wrote; outgoing: someone in amoCRM did (a manager, a Salesbot). */
  direction: 'incoming' | 'outgoing';
  /** external: the customer; user: a manager; bot: a Salesbot (peer fixtures disagree, §1.12). */
  authorType: string;
  authorName: string | null;
  /** The messenger the chat runs in: telegram, waba, instagram_business, onlinechat, … */
  origin: string;
  /** What a message without text carried: picture, voice, file, … */
  attachmentType: string | null;
}

const MESSAGE_KEY = /^message\[add\]\[(\d+)\]\[(.+)\]$/;

/** The messages of one delivery; null when the body is not a form of fields at all. */
export function readAmoWebhook(body: unknown): AmoWebhookMessage[] | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const byIndex = new Map<string, Record<string, string>>();
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const match = MESSAGE_KEY.exec(key);
    if (!match || typeof value !== 'string') continue;
    const [, index = '', field = ''] = match;
    const fields = byIndex.get(index) ?? {};
    fields[field] = value;
    byIndex.set(index, fields);
  }
  const messages: AmoWebhookMessage[] = [];
  for (const fields of byIndex.values()) {
    const id = fields.id?.trim();
    const chatId = fields.chat_id?.trim();
    if (!id || !chatId) continue;
    const entity = fields.entity_type ?? (fields.element_type === '2' ? 'lead' : '');
    const leadId = entity === 'lead' ? (fields.entity_id ?? fields.element_id ?? null) : null;
    messages.push({
      id,
      chatId,
      talkId: fields.talk_id || null,
      contactId: fields.contact_id || null,
      leadId: leadId || null,
      text: fields.text ?? '',
      direction: fields.type === 'outgoing' ? 'outgoing' : 'incoming',
      authorType: fields['author][type'] ?? '',
      authorName: fields['author][name']?.trim() || null,
      origin: fields.origin ?? '',
      attachmentType: fields['attachment][type'] || null,
    });
  }
  return messages;
}
