import type { Messages } from '@lingui/core';
import type { Language } from '../../../functions/shared/constants';

/**
 * Each language's catalog is its own chunk, compiled at build time (web/vite.config.ts): only
 * the active language is downloaded.
 */
const importers: Record<Language, () => Promise<Messages>> = {
  ru: () => import('virtual:catalog/ru').then((m) => m.default),
  en: () => import('virtual:catalog/en').then((m) => m.default),
};

const loaded = new Map<Language, Promise<Messages>>();

/** The compiled catalog of `lang`, fetched once; a failed fetch may be retried by the next call. */
export function loadCatalog(lang: Language): Promise<Messages> {
  let messages = loaded.get(lang);
  if (!messages) {
    messages = importers[lang]();
    messages.catch(() => loaded.delete(lang));
    loaded.set(lang, messages);
  }
  return messages;
}
