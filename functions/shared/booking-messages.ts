import type { Language } from './constants';

/** The system lines a booking writes in its dialogue (Chats, Check), in the account's language. */
const LINES = {
  created: { ru: 'Запись создана', en: 'Booking made' },
  changed: { ru: 'Запись изменена', en: 'Booking changed' },
  cancelled: { ru: 'Запись отменена', en: 'Booking cancelled' },
} as const;

export type BookingNews = keyof typeof LINES;

/** "Запись создана: стрижка, сб, 5 дек., 15:00, мастер Анна". */
export const bookingLine = (news: BookingNews, lang: Language, summary: string) =>
  `${LINES[news][lang]}: ${summary}`;

/** What was booked in one line: the services, the time as the customer reads it, who serves. */
export function bookingSummary(
  lang: Language,
  parts: { services: string[]; when: string; staff?: string | null },
) {
  const staff = parts.staff ? `${lang === 'en' ? 'with' : 'мастер'} ${parts.staff}` : null;
  return [parts.services.join(', '), parts.when, staff].filter(Boolean).join(', ');
}
