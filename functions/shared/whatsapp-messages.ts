import type { Language } from './constants';

/**
 * The system lines the WhatsApp Cloud API channel writes in a dialogue (Chats) when Meta refused or
 * failed to deliver a message, in the account's language. 131047 is the closed customer service
 * window (reference/whatsapp-cloud.md §3.3): said plainly, since only the customer can reopen it.
 */
const WINDOW_CLOSED = {
  ru: 'WhatsApp не доставил сообщение: с последнего сообщения клиента прошло больше 24 часов (ошибка 131047 «Re-engagement message»). Ответить можно, когда клиент напишет снова.',
  en: 'WhatsApp did not deliver the message: more than 24 hours have passed since the customer last wrote (error 131047 "Re-engagement message"). You can reply once the customer writes again.',
} as const;

const FAILED = {
  ru: 'WhatsApp не доставил сообщение',
  en: 'WhatsApp did not deliver the message',
} as const;

const ERROR = { ru: 'ошибка', en: 'error' } as const;

/** "WhatsApp did not deliver the message: <Meta's title> (error <code>)". */
export function whatsappFailureLine(lang: Language, code: number | null, title: string): string {
  if (code === 131047) return WINDOW_CLOSED[lang];
  // Meta's titles start with the code ("(#131026) Message undeliverable"); it is said once, at the end.
  const reason = title
    .replace(/^\(#\d+\)\s*/, '')
    .trim()
    .slice(0, 300);
  const tail = code === null ? '' : ` (${ERROR[lang]} ${code})`;
  return reason ? `${FAILED[lang]}: ${reason}${tail}.` : `${FAILED[lang]}${tail}.`;
}
