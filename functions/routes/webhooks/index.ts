import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { telegramWebhookHandlers } from './telegram';

/**
 * Inbound webhooks of external systems, mounted at /api/webhooks: no session; each one proves
 * itself with the secret its integration registered when it was connected.
 */
export const webhooksRoutes = new Hono<AppEnv>().post('/telegram/:integrationId', ...telegramWebhookHandlers);
