import { invoiceMessages } from '../payments/invoice/requisites';
import { DEFAULT_LANGUAGE, type Language } from '../shared/constants';
import { sharedMessages } from '../shared/messages';
import { serverMessages } from './server-messages';

const catalog = { ...sharedMessages, ...serverMessages, ...invoiceMessages };

export type MessageKey = keyof typeof catalog;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(catalog, key);
}

export function translate(
  key: MessageKey,
  lang: Language,
  params: Record<string, string | number> = {},
): string {
  const text: string = catalog[key][lang];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The first of ru/en named in an Accept-Language header, by order of preference; Russian otherwise. */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    if (tag.startsWith('ru')) return 'ru';
    if (tag.startsWith('en')) return 'en';
  }
  return DEFAULT_LANGUAGE;
}
