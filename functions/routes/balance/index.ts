import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { requireAccount } from '../../http/require-account';
import { getBalanceHandlers } from './get-balance';

/** SPEC §7 GET /api/balance; the balance screen's other calls come with payments. */
export const balanceRoutes = new Hono<AppEnv>().use('*', requireAccount).get('/', ...getBalanceHandlers);
