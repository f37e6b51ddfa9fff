import * as v from 'valibot';
import type { ChannelMessage } from '../../engine/integration-inbound';
import { withoutNul } from '../../shared/strip-nul';

/**
 * Telegram's inbound half: an Update (core.telegram.org/bots/api#update) as the webhook receives it,
 * read into the message the engine takes. Only `message` updates are asked for (setWebhook
 * allowed_updates); anything else, and service messages (a member joined, a pinned message), carry
 * nothing to answer and are ignored. A message without text is kept as a short placeholder naming
 * what was sent, with its caption, so the dialogue and the bot see that the customer sent something.
 */

const integer = v.pipe(v.number(), v.integer());
/** Postgres cannot store U+0000; a customer's text loses only that character, never the message. */
const text = v.pipe(v.string(), v.transform(withoutNul));

const messageSchema = v.looseObject({
  message_id: integer,
  chat: v.looseObject({ id: integer }),
  from: v.optional(
    v.looseObject({
      is_bot: v.optional(v.boolean()),
      first_name: v.optional(text),
      last_name: v.optional(text),
      username: v.optional(text),
    }),
  ),
  text: v.optional(text),
  caption: v.optional(text),
  document: v.optional(v.looseObject({ file_name: v.optional(text) })),
  contact: v.optional(v.looseObject({ phone_number: v.optional(text) })),
  sticker: v.optional(v.looseObject({ emoji: v.optional(text) })),
});

/** The least every Update has; the rest is read only when it is a message. */
export const telegramUpdateSchema = v.looseObject({
  update_id: v.pipe(integer, v.minValue(0)),
  message: v.optional(v.unknown()),
});

export type TelegramUpdate = v.InferOutput<typeof telegramUpdateSchema>;
type TelegramMessage = v.InferOutput<typeof messageSchema>;

/** Media kinds worth a placeholder, in the order Telegram's own clients would name them. */
const PLACEHOLDERS: readonly [key: string, label: (message: TelegramMessage) => string][] = [
  ['photo', () => '[photo]'],
  ['video', () => '[video]'],
  ['animation', () => '[GIF]'],
  ['video_note', () => '[video message]'],
  ['voice', () => '[voice message]'],
  ['audio', () => '[audio]'],
  ['document', (m) => (m.document?.file_name ? `[document: ${m.document.file_name}]` : '[document]')],
  ['sticker', (m) => (m.sticker?.emoji ? `[sticker ${m.sticker.emoji}]` : '[sticker]')],
  ['contact', (m) => (m.contact?.phone_number ? `[contact: ${m.contact.phone_number}]` : '[contact]')],
  ['location', () => '[location]'],
  ['poll', () => '[poll]'],
];

function textOf(message: TelegramMessage): string | null {
  if (message.text?.trim()) return message.text;
  const media = PLACEHOLDERS.find(([key]) => key in message);
  const caption = message.caption?.trim() ? message.caption : '';
  if (media) return caption ? `${media[1](message)} ${caption}` : media[1](message);
  return caption || null;
}

/** The sender as Telegram names them: first and last name, and the @username when they have one. */
function customerOf(message: TelegramMessage) {
  const from = message.from;
  const name = [from?.first_name, from?.last_name].filter((part) => part?.trim()).join(' ');
  return { name: name || null, username: from?.username || null };
}

/**
 * The customer's message in an Update, or null when there is none to answer. The Update's id is the
 * message's external id, so Telegram's redelivery of the same Update is stored once.
 */
export function telegramInbound(update: TelegramUpdate): ChannelMessage | null {
  const parsed = v.safeParse(messageSchema, update.message);
  if (!parsed.success || parsed.output.from?.is_bot) return null;
  const text = textOf(parsed.output);
  if (text === null) return null;
  return {
    chatExternalId: String(parsed.output.chat.id),
    messageExternalId: `update:${update.update_id}`,
    author: 'customer',
    text,
    customer: customerOf(parsed.output),
  };
}
