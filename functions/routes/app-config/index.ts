import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';

/**
 * What the SPA needs to know about this installation before anyone signs in: the sidebar's Support,
 * News and Documentation addresses (null when not configured). Public: it holds no account data.
 */
export const appConfigRoutes = new Hono<AppEnv>().get('/', (c) => {
  const links = c.var.settings.externalLinks ?? {};
  return c.json({
    links: { support: links.support ?? null, news: links.news ?? null, docs: links.docs ?? null },
  });
});
