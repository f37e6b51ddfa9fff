import type { Language } from '../../shared/constants';

/**
 * A bookable time as the customer reads it, in the business's own time zone (the salon's, the
 * Calendly user's): "пт, 5 дек., 15:00" / "Fri, 5 Dec, 15:00". The model is given these labels and
 * the exact times beside them; it never makes a time up (the tool results are its only source).
 */
export function slotLabel(at: Date, timeZone: string, lang: Language): string {
  const locale = lang === 'en' ? 'en-GB' : 'ru-RU';
  const date = new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
  const time = new Intl.DateTimeFormat(locale, {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${date.format(at)}, ${time.format(at)}`;
}

/** The calendar date (YYYY-MM-DD) of `at` in `timeZone`. */
export function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}
