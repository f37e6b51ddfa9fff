import { i18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../functions/shared/constants';
import { readStored, STORED_KEYS, writeStored } from '../api/storage';
import { en } from './catalog-en';
import { ru } from './catalog-ru';

export type MessageId = keyof typeof ru;
export type MessageValues = Record<string, unknown>;

// Catalogs are plain ICU strings keyed by id (no Lingui macros), compiled on first use.
i18n.setMessagesCompiler(compileMessage);
i18n.load({ ru, en });

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

export const currentLanguage = (): Language => (isLanguage(i18n.locale) ? i18n.locale : DEFAULT_LANGUAGE);

/** Switches the interface language; `remember` saves it as the preference. */
export function activateLanguage(lang: Language, remember: boolean): void {
  if (remember) writeStored(STORED_KEYS.lang, lang);
  if (i18n.locale !== lang) i18n.activate(lang);
  document.documentElement.lang = lang;
  document.title = i18n._('app.title');
}

export const isMessageId = (value: string): value is MessageId => Object.hasOwn(ru, value);

/** Translates outside React (fetch wrapper, notifications). Components use `useT`. */
export const t = (id: MessageId, values?: MessageValues): string => i18n._(id, values);

export { i18n };
