import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { describe } from '../../openapi/describe';
import { healthSchema } from '../../openapi/schemas/account';

export const healthRoutes = new Hono<AppEnv>()
  /** Liveness plus a database round trip, so a broken database shows as unhealthy. */
  .get(
    '/',
    describe({
      tag: 'Service',
      summary: 'Check health',
      description:
        'Answers 200 when the process runs and its database answers a query; a broken database makes it fail.',
      ok: { description: 'Healthy.', schema: healthSchema },
    }),
    async (c) => {
      await c.get('ports').db.execute(sql`select 1`);
      return c.json({ status: 'ok' });
    },
  )
  /** The process answers at all; no database. Also the bare baseline of `npm run bench`. */
  .get(
    '/live',
    describe({
      tag: 'Service',
      summary: 'Check liveness',
      description: 'Answers 200 when the process runs, without touching the database.',
      ok: { description: 'Alive.', schema: healthSchema },
    }),
    (c) => c.json({ status: 'ok' }),
  );
