import type { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { factory } from '../../http/factory';
import { describe } from '../../openapi/describe';

export type ReferenceDocument = (app: Hono<AppEnv>) => Promise<object>;

/** Where the Worker's build puts the document (scripts/build-openapi.ts), among the SPA's assets. */
export const BUILT_REFERENCE_PATH = '/openapi.json';

/**
 * `GET /api/openapi.json`: the API reference (issue #27 §1). Generated once per process from the app's
 * own routes where the generator is at hand, with the caller's origin as its server; otherwise the
 * copy built with the assets from the same routes.
 */
export function openApiHandlers(app: () => Hono<AppEnv>, generate: ReferenceDocument | undefined) {
  let document: Promise<object> | undefined;
  return factory.createHandlers(
    describe({
      tag: 'Service',
      summary: 'The OpenAPI 3.1 document of this API',
      description: 'The reference this page is made from, generated from the routes themselves.',
      ok: { description: 'This document (the Worker answers 302 to the copy built with its assets).' },
    }),
    async (c) => {
      if (!generate) return c.redirect(BUILT_REFERENCE_PATH, 302);
      document ??= generate(app());
      return c.json({ ...(await document), servers: [{ url: new URL(c.req.url).origin }] });
    },
  );
}
