import { createMiddleware } from 'hono/factory';
import { AppError } from '../shared/app-error';
import type { AppEnv } from './env';

/**
 * Routes that guard the account itself (its password, its API keys) take a signed-in session only:
 * a leaked API key must not be able to lock the owner out or mint itself successors. Runs after
 * `requireAccount`; an API key there answers 403.
 */
export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.sessionId === null) throw new AppError('session_required');
  await next();
});
