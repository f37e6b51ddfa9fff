import type { Currency, Language } from './constants';

/** Our currencies all have two minor digits (kopecks, cents, tiyn). */
export const MINOR_PER_MAJOR = 100;

export const numberLocale = (lang: Language) => (lang === 'ru' ? 'ru-RU' : 'en-US');

/**
 * "1 234,50 rub" in ru, "1,234.50 usd" in en: money arrives in minor units and the currency code
 * is written in lower case (SPEC §1). The API's messages and the SPA both format through here.
 */
export function formatMoney(minor: number, currency: Currency, lang: Language): string {
  const amount = new Intl.NumberFormat(numberLocale(lang), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(minor / MINOR_PER_MAJOR);
  return `${amount} ${currency.toLowerCase()}`;
}
