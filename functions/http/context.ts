import type { Context } from 'hono';
import type { AccountContext, ServiceContext } from '../services/context';
import type { AppEnv } from './env';

/**
 * `c.get`, never `c.var`: Hono builds `c.var` anew from every variable on each read. Any route's
 * context will do (the widget's has more variables), since only the app's own are read.
 */
export const serviceContext = (c: Pick<Context<AppEnv>, 'get'>): ServiceContext => ({
  ports: c.get('ports'),
  settings: c.get('settings'),
  lang: c.get('lang'),
  clientIp: c.get('clientIp'),
});

export const accountContext = (c: Context<AppEnv>): AccountContext => ({
  ...serviceContext(c),
  account: c.get('account'),
  sessionId: c.get('sessionId'),
});
