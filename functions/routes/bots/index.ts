import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { requireAccount } from '../../http/require-account';
import { listTemplatesHandlers } from './list-templates';

export const botsRoutes = new Hono<AppEnv>()
  .use('*', requireAccount)
  .get('/templates', ...listTemplatesHandlers);
