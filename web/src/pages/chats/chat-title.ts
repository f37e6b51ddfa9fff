import type { ChatCustomer } from '../../api/chats';
import type { MessageId } from '../../i18n/i18n';

/** What a chat's title is made of: who the customer is, and where the chat came from. */
export interface Titled {
  channel: string;
  external_id: string;
  customer: ChatCustomer;
}

/** Channels whose chat id is the customer's WhatsApp number. */
const NUMBER_CHANNELS: ReadonlySet<string> = new Set(['whatsapp', 'wazzup', 'wappi']);

/**
 * A phone as people read it: a Russian number as "+7 999 123-45-67" (a trunk 8 read as 7), another
 * country's as "+" and its digits; anything that is not a phone number stays as it came.
 */
export function formatPhone(phone: string): string {
  const trimmed = phone.trim();
  if (!/^[\d\s()+\-.]+$/.test(trimmed)) return trimmed;
  const digits = trimmed.replace(/\D/g, '');
  if (digits.length === 11 && /^[78]/.test(digits)) {
    return `+7 ${digits.slice(1, 4)} ${digits.slice(4, 7)}-${digits.slice(7, 9)}-${digits.slice(9)}`;
  }
  if (digits.length >= 10 && digits.length <= 15) return `+${digits}`;
  return trimmed;
}

/** A Telegram-style username with one leading "@", or null when there is none. */
export function formatUsername(username: string | null): string | null {
  const bare = username?.trim().replace(/^@+/, '');
  return bare ? `@${bare}` : null;
}

/**
 * A chat's title in the list, its header and its checkbox's label: the customer's name, else their
 * @username, else their phone, else what the channel implies (a website visitor, the bot check),
 * else the chat's id in its channel (a WhatsApp chat id is the number, so it reads as a phone).
 */
export function chatTitle(chat: Titled, t: (id: MessageId) => string): string {
  const name = chat.customer.name?.trim();
  if (name) return name;
  const username = formatUsername(chat.customer.username);
  if (username) return username;
  const phone = chat.customer.phone?.trim();
  if (phone) return formatPhone(phone);
  if (chat.channel === 'onchat') return t('chats.visitor');
  if (chat.channel === 'check') return t('chats.check_title');
  if (NUMBER_CHANNELS.has(chat.channel)) return formatPhone(chat.external_id);
  return chat.external_id;
}

/** What the dialogue's header adds under the title: the phone and @username not already shown. */
export function customerContacts(chat: Titled, title: string): string[] {
  const contacts: string[] = [];
  const phone = chat.customer.phone?.trim() ? formatPhone(chat.customer.phone) : null;
  const username = formatUsername(chat.customer.username);
  if (phone && phone !== title) contacts.push(phone);
  if (username && username !== title) contacts.push(username);
  return contacts;
}
