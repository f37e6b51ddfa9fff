import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { requireAccount } from '../../http/require-account';
import { listHistoryHandlers } from './list-history';

/** SPEC §2 History: every answer, refusal and failure of the account's bots. */
export const historyRoutes = new Hono<AppEnv>().use('*', requireAccount).get('/', ...listHistoryHandlers);
