import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { requireAccount } from '../../http/require-account';
import { actPdfHandlers, invoicePdfHandlers } from './documents';
import { listTransactionsHandlers } from './list-transactions';

/** SPEC §7 GET /api/transactions, and each transaction's documents. */
export const transactionsRoutes = new Hono<AppEnv>()
  .use('*', requireAccount)
  .get('/', ...listTransactionsHandlers)
  .get('/:id/invoice', ...invoicePdfHandlers)
  .get('/:id/act', ...actPdfHandlers);
