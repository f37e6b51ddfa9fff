import type { Currency, Language } from '../../../functions/shared/constants';

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

/** Money arrives in minor units; the currency code is written in lower case (SPEC §1). */
export function formatMoney(minor: number, currency: Currency, lang: Language): string {
  const amount = new Intl.NumberFormat(lang === 'ru' ? 'ru-RU' : 'en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(minor / 100);
  return `${amount} ${currency.toLowerCase()}`;
}

/** Whole calendar days from today to `value` (0 when it is today, negative when past). */
export function daysUntil(value: string | Date, now: Date = new Date()): number {
  const date = typeof value === 'string' ? new Date(value) : value;
  const startOf = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  return Math.round((startOf(date) - startOf(now)) / 86_400_000);
}
