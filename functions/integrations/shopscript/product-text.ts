import { withoutNul } from '../../shared/strip-nul';

/**
 * What a shop's product texts become before the model reads them: Shop-Script keeps descriptions
 * as HTML and lists names HTML-escaped (`shop.product.search` escapes by default), so tags go,
 * entities are decoded, whitespace is folded and long texts are cut on a word.
 */

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  laquo: '«',
  raquo: '»',
  mdash: '—',
  ndash: '–',
  hellip: '…',
};

const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

/** Plain text of an HTML fragment: no tags, scripts or styles, entities decoded, spaces folded. */
export function plainText(html: string): string {
  const text = html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ');
  return withoutNul(decodeEntities(text)).replace(/\s+/g, ' ').trim();
}

/** `text` cut to at most `max` characters on a word boundary, with an ellipsis when cut. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max - 1);
  const space = head.lastIndexOf(' ');
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}

/**
 * A price as the shop writes it ("1490.5000") in minor units (hundredths), rounded half up; null
 * when it is not a price.
 */
export function priceMinor(value: string): number | null {
  const match = /^\s*(\d{1,13})(?:\.(\d+))?\s*$/.exec(value);
  if (!match) return null;
  const fraction = (match[2] ?? '').padEnd(3, '0');
  const minor = Number(match[1]) * 100 + Number(fraction.slice(0, 2));
  return fraction[2] !== undefined && Number(fraction[2]) >= 5 ? minor + 1 : minor;
}

/** "1490.50" from 149050: the price as the model should quote it, with its currency beside. */
export const priceText = (minor: number) =>
  `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
