/** Product constants shared by the API and the SPA (SPEC §9 unless noted). */
export const CURRENCIES = ['rub', 'usd', 'eur', 'kzt'] as const;
export const LANGUAGES = ['ru', 'en'] as const;
export const DEFAULT_LANGUAGE = 'ru';
export const MIN_PASSWORD_LENGTH = 8;
/** Length of e-mail verification and reset codes. */
export const CODE_LENGTH = 6;
/** Days of free demo a new account gets (our choice; SPEC says only that a demo period exists). */
export const DEMO_DAYS = 7;
export const UTM_KEYS = ['campaign', 'medium', 'referrer', 'source', 'content', 'term'] as const;
export const INDUSTRIES = [
  'beauty',
  'shop',
  'developer',
  'jurisprudence',
  'travel',
  'hr',
  'cafes_and_restaurants',
  'accounting',
  'events',
  'marketing',
  'services',
  'education',
  'medicine',
  'insurance',
  'psychology',
] as const;
export const ACCOUNT_ROLES = ['client', 'partner'] as const;
export const MAX_TELEGRAM_RECIPIENTS = 20;
export const MAX_API_KEYS = 20;
/** Per account, so the bot and integration lists (answered whole) stay bounded. */
export const MAX_BOTS = 200;
export const MAX_INTEGRATIONS = 100;

export type Currency = (typeof CURRENCIES)[number];
export type Language = (typeof LANGUAGES)[number];
export type Industry = (typeof INDUSTRIES)[number];
