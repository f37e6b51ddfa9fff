import type { Context } from 'hono';
import type { AccountContext, ServiceContext } from '../services/context';
import type { AppEnv } from './env';

export const serviceContext = (c: Context<AppEnv>): ServiceContext => ({
  ports: c.var.ports,
  settings: c.var.settings,
  lang: c.var.lang,
  clientIp: c.var.clientIp,
});

export const accountContext = (c: Context<AppEnv>): AccountContext => ({
  ...serviceContext(c),
  account: c.var.account,
  sessionId: c.var.sessionId,
});
