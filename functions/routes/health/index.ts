import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';

/** Liveness plus a database round trip, so a broken database shows as unhealthy. */
export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  await c.var.ports.db.execute(sql`select 1`);
  return c.json({ status: 'ok' });
});
