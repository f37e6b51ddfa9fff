import { i18n } from '@lingui/core';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../functions/shared/constants';
import { readStored, STORED_KEYS, writeStored } from '../api/storage';
import type { ru } from './catalog-ru';
import { loadCatalog } from './load-catalog';

export type MessageId = keyof typeof ru;
export type MessageValues = Record<string, unknown>;

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** ru* and en* map to themselves; the first of them in the browser's order wins, Russian otherwise. */
export function normaliseLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('ru')) return 'ru';
    if (lower.startsWith('en')) return 'en';
  }
  return DEFAULT_LANGUAGE;
}

/** The saved preference (SPEC §9 key `lang`), otherwise the browser's languages. */
export function detectLanguage(): Language {
  const saved = readStored(STORED_KEYS.lang);
  if (isLanguage(saved)) return saved;
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language ?? ''];
  return normaliseLanguage(browser);
}

/** The language last asked for: API calls already speak it while its catalog is on the way. */
let requested: Language | undefined;

export const currentLanguage = (): Language =>
  requested ?? (isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE);

/** Whether `lang` is the interface language now (its catalog loaded and active). */
export const isActiveLanguage = (lang: Language): boolean => i18n.locale === lang;

/**
 * Switches the interface language once its catalog has arrived (only the active language is
 * downloaded); `remember` saves it as the preference. When calls overlap, the last one wins.
 */
export async function activateLanguage(lang: Language, remember: boolean): Promise<void> {
  if (remember) writeStored(STORED_KEYS.lang, lang);
  requested = lang;
  const messages = await loadCatalog(lang);
  if (requested !== lang) return;
  if (i18n.locale !== lang) i18n.loadAndActivate({ locale: lang, messages });
  document.documentElement.lang = lang;
  document.title = i18n._('app.title');
}

/** Whether `value` is a message id of the catalogs (every language has the same ids). */
export const isMessageId = (value: string): value is MessageId => Object.hasOwn(i18n.messages, value);

/** Translates outside React (fetch wrapper, notifications). Components use `useT`. */
export const t = (id: MessageId, values?: MessageValues): string => i18n._(id, values);

export { i18n };
