/**
 * Russian amounts in words for invoices and acts ("сумма прописью"): integer kopecks in,
 * "Одна тысяча двести рублей 00 копеек" out. Kopecks stay in digits, as accountants write them.
 */

type Gender = 'm' | 'f';
type Forms = readonly [one: string, few: string, many: string];

const ONES: Record<Gender, readonly string[]> = {
  m: ['', 'один', 'два', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'],
  f: ['', 'одна', 'две', 'три', 'четыре', 'пять', 'шесть', 'семь', 'восемь', 'девять'],
};
const TEENS = [
  'десять',
  'одиннадцать',
  'двенадцать',
  'тринадцать',
  'четырнадцать',
  'пятнадцать',
  'шестнадцать',
  'семнадцать',
  'восемнадцать',
  'девятнадцать',
];
const TENS = [
  '',
  '',
  'двадцать',
  'тридцать',
  'сорок',
  'пятьдесят',
  'шестьдесят',
  'семьдесят',
  'восемьдесят',
  'девяносто',
];
const HUNDREDS = [
  '',
  'сто',
  'двести',
  'триста',
  'четыреста',
  'пятьсот',
  'шестьсот',
  'семьсот',
  'восемьсот',
  'девятьсот',
];

/** Groups of three digits above the units, smallest first: тысяча is feminine, the rest masculine. */
const SCALES: readonly { forms: Forms; gender: Gender }[] = [
  { forms: ['тысяча', 'тысячи', 'тысяч'], gender: 'f' },
  { forms: ['миллион', 'миллиона', 'миллионов'], gender: 'm' },
  { forms: ['миллиард', 'миллиарда', 'миллиардов'], gender: 'm' },
  { forms: ['триллион', 'триллиона', 'триллионов'], gender: 'm' },
];

export const RUBLE_FORMS: Forms = ['рубль', 'рубля', 'рублей'];
export const KOPECK_FORMS: Forms = ['копейка', 'копейки', 'копеек'];

/** The Russian plural form for a count: 1, 21 → one; 2–4, 22 → few; 0, 5–20, 111 → many. */
export function pluralRu(count: number, forms: Forms): string {
  const n = Math.abs(count) % 100;
  const last = n % 10;
  if (n >= 11 && n <= 14) return forms[2];
  if (last === 1) return forms[0];
  if (last >= 2 && last <= 4) return forms[1];
  return forms[2];
}

/** 1–999 in words. */
function triad(value: number, gender: Gender): string[] {
  const hundreds = Math.floor(value / 100);
  const rest = value % 100;
  const words = [HUNDREDS[hundreds] ?? ''];
  if (rest >= 10 && rest < 20) words.push(TEENS[rest - 10] ?? '');
  else words.push(TENS[Math.floor(rest / 10)] ?? '', ONES[gender][rest % 10] ?? '');
  return words.filter(Boolean);
}

/** A whole number below 10^15 in words, in the given gender ("одна", "две" for feminine nouns). */
export function integerInWords(value: number, gender: Gender = 'm'): string {
  if (!Number.isSafeInteger(value) || value < 0 || value >= 1e15) {
    throw new RangeError(`integerInWords: ${value} is not a whole number from 0 to 10^15 - 1`);
  }
  if (value === 0) return 'ноль';
  const words: string[] = [];
  let rest = value;
  const groups: number[] = [];
  while (rest > 0) {
    groups.push(rest % 1000);
    rest = Math.floor(rest / 1000);
  }
  for (let i = groups.length - 1; i >= 0; i--) {
    const group = groups[i] ?? 0;
    if (group === 0) continue;
    if (i === 0) words.push(...triad(group, gender));
    else {
      const scale = SCALES[i - 1];
      if (!scale) throw new RangeError(`integerInWords: ${value} is too large`);
      words.push(...triad(group, scale.gender), pluralRu(group, scale.forms));
    }
  }
  return words.join(' ');
}

function checkKopecks(kopecks: number): void {
  if (!Number.isSafeInteger(kopecks) || kopecks < 0) {
    throw new RangeError(`amount: ${kopecks} is not a whole, non-negative number of kopecks`);
  }
}

/** "Одна тысяча двести рублей 00 копеек" for 120000 kopecks. */
export function amountInWords(kopecks: number): string {
  checkKopecks(kopecks);
  const rubles = Math.floor(kopecks / 100);
  const cents = kopecks % 100;
  const words = `${integerInWords(rubles, 'm')} ${pluralRu(rubles, RUBLE_FORMS)}`;
  const text = `${words} ${String(cents).padStart(2, '0')} ${pluralRu(cents, KOPECK_FORMS)}`;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "1 200,00" for 120000 kopecks: a space between thousands, a comma before kopecks. */
export function formatKopecks(kopecks: number): string {
  checkKopecks(kopecks);
  const rubles = String(Math.floor(kopecks / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${rubles},${String(kopecks % 100).padStart(2, '0')}`;
}
