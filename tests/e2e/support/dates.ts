import type { Locator, Page } from 'playwright-core';
import { gone, seen } from './ui';

type Lang = 'ru' | 'en';

const MONTHS: Record<Lang, string[]> = {
  // The genitive, as a day's label reads ("1 ноября 2026").
  ru: [
    'января',
    'февраля',
    'марта',
    'апреля',
    'мая',
    'июня',
    'июля',
    'августа',
    'сентября',
    'октября',
    'ноября',
    'декабря',
  ],
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
};

const ARROWS: Record<Lang, { next: string; previous: string }> = {
  ru: { next: 'Следующий месяц', previous: 'Предыдущий месяц' },
  en: { next: 'Next month', previous: 'Previous month' },
};

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD of a local calendar day `shift` days from today. */
export function isoDayFromToday(shift = 0, now = new Date()): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + shift);
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** How a date field shows a day (SPEC §1): 01.11.2026 in Russian, 11/01/2026 in English. */
export function shownDay(iso: string, lang: Lang = 'ru'): string {
  const [year, month, day] = iso.split('-');
  return lang === 'ru' ? `${day}.${month}.${year}` : `${month}/${day}/${year}`;
}

/** The day of a field's text, YYYY-MM-DD, or undefined when the field is empty (a placeholder). */
function dayOfField(text: string, lang: Lang): string | undefined {
  const match =
    lang === 'ru' ? /(\d{2})\.(\d{2})\.(\d{4})/.exec(text) : /(\d{2})\/(\d{2})\/(\d{4})/.exec(text);
  if (!match) return undefined;
  return lang === 'ru' ? `${match[3]}-${match[2]}-${match[1]}` : `${match[3]}-${match[1]}-${match[2]}`;
}

const monthIndex = (iso: string) => Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1;

/**
 * Picks `iso` in a date field's calendar as a person would: opens it, turns the months from the
 * one it opens on (the field's day, or today's month when empty) and clicks the day.
 */
export async function pickDay(page: Page, field: Locator, iso: string, lang: Lang = 'ru'): Promise<void> {
  const start = dayOfField((await field.textContent()) ?? '', lang) ?? isoDayFromToday();
  // No calendar is open (or still closing): the click opens this field's.
  await gone(page.locator('.mantine-DatePickerInput-day'));
  await field.click();
  const turns = monthIndex(iso) - monthIndex(start);
  const arrow = page.getByRole('button', {
    name: ARROWS[lang][turns > 0 ? 'next' : 'previous'],
    exact: true,
  });
  for (let turn = 0; turn < Math.abs(turns); turn++) await arrow.click();
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  const button = page.getByRole('button', {
    name: `${day} ${MONTHS[lang][month - 1]} ${year}`,
    exact: true,
  });
  await (await seen(button)).click();
  await gone(button);
}
