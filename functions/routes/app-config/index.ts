import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { describe } from '../../openapi/describe';
import { appConfigSchema } from '../../openapi/schemas/account';

/**
 * What the SPA needs to know about this installation before anyone signs in: the sidebar's Support,
 * News and Documentation addresses (null when not configured). Public: it holds no account data.
 */
export const appConfigRoutes = new Hono<AppEnv>().get(
  '/',
  describe({
    tag: 'Service',
    summary: 'Get the public configuration',
    description:
      "The installation's Support, News and Documentation links, for a client to show before anyone signs in; null when not configured.",
    ok: { description: 'The links.', schema: appConfigSchema },
  }),
  (c) => {
    const links = c.get('settings').externalLinks ?? {};
    return c.json({
      links: { support: links.support ?? null, news: links.news ?? null, docs: links.docs ?? null },
    });
  },
);
