import * as v from 'valibot';
import type { MessageKey } from '../../i18n/translate';
import { checkOutboundUrl } from '../../outbound/url-guard';
import { API_CHANNEL_LIMITS as LIMITS } from '../../shared/api-channel';
import { invalidFields } from '../../shared/app-error';
import { withoutNul } from '../../shared/strip-nul';

/**
 * What the account's system POSTs to the API channel's webhook (docs/channels/api-channel.md): one message
 * of a conversation, by the customer or by one of the account's operators. `message_id` is the
 * idempotency key: the same id again is the same message, answered once.
 */
export interface ApiChannelInbound {
  chatId: string;
  messageId: string;
  author: 'customer' | 'operator';
  text: string;
  customer: { name: string | null; phone: string | null; username: string | null };
  attachments: { url: string; name: string | null; contentType: string | null }[];
}

const id = v.pipe(
  v.string('invalid_value'),
  v.trim(),
  v.nonEmpty('invalid_value'),
  v.maxLength(LIMITS.id, 'too_long'),
);
const optionalText = (max: number) =>
  v.optional(v.nullable(v.pipe(v.string('invalid_value'), v.trim(), v.maxLength(max, 'too_long'))), null);

const attachment = v.object({
  url: v.pipe(
    v.string('invalid_value'),
    v.trim(),
    v.maxLength(LIMITS.url, 'too_long'),
    v.check((url) => checkOutboundUrl(url, { allowPrivate: true }).ok, 'invalid_value'),
  ),
  name: optionalText(LIMITS.name),
  content_type: optionalText(LIMITS.name),
});

const body = v.pipe(
  v.object({
    chat_id: id,
    message_id: id,
    author: v.optional(v.picklist(['customer', 'operator'], 'invalid_value'), 'customer'),
    text: v.optional(v.pipe(v.string('invalid_value'), v.maxLength(LIMITS.text, 'too_long')), ''),
    customer: v.optional(
      v.nullable(
        v.object({
          name: optionalText(LIMITS.name),
          phone: optionalText(32),
          username: optionalText(LIMITS.name),
        }),
      ),
      null,
    ),
    attachments: v.optional(
      v.pipe(v.array(attachment, 'invalid_value'), v.maxLength(LIMITS.attachments, 'too_long')),
      [],
    ),
  }),
  v.forward(
    v.check((message) => message.text.trim() !== '' || message.attachments.length > 0, 'invalid_value'),
    ['text'],
  ),
);

/**
 * The message of one delivery. A body that is not a JSON object answers null (400); an object with
 * a field out of the contract throws a 422 naming each such field, so the integrator sees what to fix.
 */
export function readApiChannelInbound(raw: unknown): ApiChannelInbound | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  // Postgres refuses U+0000: ids and texts lose it here, so the echo check sees what is stored.
  const parsed = v.safeParse(body, withoutNul(raw));
  if (!parsed.success) {
    const fields: Record<string, MessageKey> = {};
    for (const issue of parsed.issues) {
      const path = (issue.path ?? []).map((step) => String(step.key)).join('.') || 'body';
      fields[path] ??= issue.message as MessageKey;
    }
    throw invalidFields(fields);
  }
  const message = parsed.output;
  return {
    chatId: message.chat_id,
    messageId: message.message_id,
    author: message.author,
    text: message.text.trim(),
    customer: {
      name: message.customer?.name || null,
      phone: message.customer?.phone || null,
      username: message.customer?.username || null,
    },
    attachments: message.attachments.map((file) => ({
      url: file.url,
      name: file.name || null,
      contentType: file.content_type || null,
    })),
  };
}

/** The text the engine keeps: the message's own, then one line per attachment with its link. */
export function inboundText(message: ApiChannelInbound): string {
  const files = message.attachments.map((file) => `[${file.name ?? 'file'}] ${file.url}`);
  return [message.text, ...files].filter((line) => line !== '').join('\n');
}
