/**
 * Addresses of the Support, News and Documentation sidebar items. The SPEC names the sections but not
 * their addresses, so a deployment sets them at build time (VITE_SUPPORT_URL, VITE_NEWS_URL,
 * VITE_DOCS_URL); an unset one is shown as not available yet.
 */
const env = import.meta.env as Record<string, string | undefined>;

export const EXTERNAL_LINKS = {
  support: env.VITE_SUPPORT_URL ?? '',
  news: env.VITE_NEWS_URL ?? '',
  docs: env.VITE_DOCS_URL ?? '',
} as const;
