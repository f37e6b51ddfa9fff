import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { tourHandlers } from './tour';

export const helpersRoutes = new Hono<AppEnv>().post('/tour', ...tourHandlers);
