import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { queryParams } from '../../http/validate';
import { listTransactions } from '../../services/payments/list-transactions';
import { transactionsQuerySchema } from '../../shared/schemas/payment';

export const listTransactionsHandlers = factory.createHandlers(
  queryParams(transactionsQuerySchema),
  async (c) => c.json(await listTransactions(accountContext(c), c.req.valid('query'))),
);
