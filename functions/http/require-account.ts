import { createMiddleware } from 'hono/factory';
import type { Account } from '../../db/schema';
import { accountForToken } from '../services/auth/sessions';
import { API_KEY_PREFIX, accountForApiKey } from '../services/keys/api-keys';
import { unauthorized } from '../shared/app-error';
import type { AppEnv } from './env';

/** Signed-in routes: a session JWT or an API key as the bearer credential; anything else is 401. */
export const requireAccount = createMiddleware<AppEnv>(async (c, next) => {
  // Routers may cover one path with two patterns ('/x' and '/x/*'); the lookup runs once.
  const already: Account | undefined = c.var.account;
  if (already) return next();
  const token = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token) throw unauthorized();
  const { ports } = c.var;
  const now = ports.clock.now();
  if (token.startsWith(API_KEY_PREFIX)) {
    const account = await accountForApiKey(ports, token, now);
    if (!account) throw unauthorized();
    c.set('account', account);
    c.set('sessionId', null);
  } else {
    const found = await accountForToken(ports, c.var.settings.jwtSecret, token, now);
    if (!found) throw unauthorized();
    c.set('account', found.account);
    c.set('sessionId', found.sessionId);
  }
  c.set('lang', c.var.account.lang);
  await next();
});
