import type { Currency, Language } from '../../../functions/shared/constants';
import { formatMoney, numberLocale } from '../../../functions/shared/money';

const pad = (n: number) => String(n).padStart(2, '0');

/** DD.MM.YYYY in Russian, MM/DD/YYYY in English (SPEC §1), in the viewer's time zone. */
export function formatDate(value: string | Date, lang: Language): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const day = pad(date.getDate());
  const month = pad(date.getMonth() + 1);
  const year = date.getFullYear();
  return lang === 'ru' ? `${day}.${month}.${year}` : `${month}/${day}/${year}`;
}

/** HH:MM, 24-hour, in the viewer's time zone. */
export function formatTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The date as formatDate, then HH:MM. */
export function formatDateTime(value: string | Date, lang: Language): string {
  const day = formatDate(value, lang);
  return day ? `${day} ${formatTime(value)}` : '';
}

const locale = numberLocale;

/**
 * When something happened, as a list of conversations shows it: today only the time (HH:MM), earlier
 * this year the day and short month ("5 мар.", "Mar 5"), before that the date as formatDate.
 */
export function formatRecent(value: string | Date, lang: Language, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  if (date.getFullYear() !== now.getFullYear()) return formatDate(date, lang);
  if (date.getMonth() === now.getMonth() && date.getDate() === now.getDate()) return formatTime(date);
  return new Intl.DateTimeFormat(locale(lang), { day: 'numeric', month: 'short' }).format(date);
}

export { formatMoney };

/**
 * A display price in major units that may be a fraction of a minor unit (a model's price per 1M
 * tokens in euros can be 0.092): two decimals at least, up to four when they matter.
 */
export function formatPrice(major: number, currency: Currency, lang: Language): string {
  const amount = new Intl.NumberFormat(locale(lang), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  }).format(major);
  return `${amount} ${currency.toLowerCase()}`;
}

/** YYYY-MM-DD of a local calendar day, the value of a native date input. */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Whole calendar days from today to `value` (0 when it is today, negative when past). */
export function daysUntil(value: string | Date, now: Date = new Date()): number {
  const date = typeof value === 'string' ? new Date(value) : value;
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  return Math.round((startOf(date) - startOf(now)) / 86_400_000);
}

/** A file size: "1,2 МБ" in Russian, "1.2 MB" in English; bytes below a kilobyte as they are. */
export function formatBytes(bytes: number, lang: Language): string {
  const units = lang === 'ru' ? ['Б', 'КБ', 'МБ', 'ГБ'] : ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const amount = new Intl.NumberFormat(locale(lang), { maximumFractionDigits: digits }).format(value);
  return `${amount} ${units[unit]}`;
}
