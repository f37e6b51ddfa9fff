import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import type { Account } from '../../db/schema';
import { marked } from '../openapi/marker';
import { accountForToken, openedByPartner } from '../services/auth/sessions';
import { API_KEY_PREFIX, accountForApiKey } from '../services/keys/api-keys';
import { AppError, unauthorized } from '../shared/app-error';
import { isSessionOnly } from './api-access';
import type { AppEnv } from './env';

/** The pattern of the route that answers this request (its last non-middleware match), e.g. `/api/keys/:id`. */
const answeringRoute = (c: Context<AppEnv>) => matchedRoutes(c).findLast((route) => route.method !== 'ALL');

/**
 * Signed-in routes: a session JWT or an API key as the bearer credential; anything else is 401. A
 * route of SESSION_ONLY_ROUTES (functions/http/api-access.ts) answers 403 to an API key, and to a
 * session a partner opened in its client's account: the account's guards are its owner's alone.
 */
const checkAccount = createMiddleware<AppEnv>(async (c, next) => {
  // Routers may cover one path with two patterns ('/x' and '/x/*'); the lookup runs once.
  const already: Account | undefined = c.get('account');
  if (already) return next();
  const token = c.req.header('authorization')?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token) throw unauthorized();
  const ports = c.get('ports');
  const now = ports.clock.now();
  if (token.startsWith(API_KEY_PREFIX)) {
    const account = await accountForApiKey(ports, token, now);
    if (!account) throw unauthorized();
    c.set('account', account);
    c.set('sessionId', null);
  } else {
    const found = await accountForToken(ports, c.get('settings').jwtSecret, token, now);
    if (!found) throw unauthorized();
    c.set('account', found.account);
    c.set('sessionId', found.sessionId);
  }
  c.set('lang', c.get('account').lang);
  const route = answeringRoute(c);
  if (route && isSessionOnly(c.req.method, route.path)) {
    const sessionId = c.get('sessionId');
    if (sessionId === null) throw new AppError('session_required');
    if (await openedByPartner(ports.db, sessionId)) throw new AppError('owner_only');
  }
  await next();
});

/** The API reference marks every route behind this middleware as signed-in (functions/openapi/document.ts). */
export const requireAccount = marked(checkAccount, { kind: 'signed-in' });
