import type { Language } from '../../../functions/shared/constants';
import { type SharedMessageKey, sharedMessages } from '../../../functions/shared/messages';

/** The messages the API also sends (SPEC §5, §8), so browser and server say the same words. */
export function sharedCatalog(lang: Language): Record<SharedMessageKey, string> {
  const entries = Object.entries(sharedMessages).map(([key, texts]) => [key, texts[lang]]);
  return Object.fromEntries(entries) as Record<SharedMessageKey, string>;
}
