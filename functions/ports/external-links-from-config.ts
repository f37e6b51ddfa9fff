import type { ExternalLinks } from './index';

/** The sidebar's external links from configuration (SUPPORT_URL, NEWS_URL, DOCS_URL). */
export function externalLinksFromConfig(config: {
  SUPPORT_URL?: string;
  NEWS_URL?: string;
  DOCS_URL?: string;
}): ExternalLinks {
  return { support: config.SUPPORT_URL, news: config.NEWS_URL, docs: config.DOCS_URL };
}
