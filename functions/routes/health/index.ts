import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';

export const healthRoutes = new Hono<AppEnv>()
  /** Liveness plus a database round trip, so a broken database shows as unhealthy. */
  .get('/', async (c) => {
    await c.var.ports.db.execute(sql`select 1`);
    return c.json({ status: 'ok' });
  })
  /** The process answers at all; no database. Also the bare baseline of `npm run bench`. */
  .get('/live', (c) => c.json({ status: 'ok' }));
