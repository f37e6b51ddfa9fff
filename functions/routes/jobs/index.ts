import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { type JobsRouteOptions, receiveJobHandlers } from './receive-job';

/** Signed QStash callbacks; only the Worker shape mounts these (the local runner calls handlers itself). */
export const jobsRoutes = (options: JobsRouteOptions) =>
  new Hono<AppEnv>().post('/jobs/:name', ...receiveJobHandlers(options));
