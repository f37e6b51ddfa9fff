import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { queryParams } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { transactionListSchema } from '../../openapi/schemas/money';
import { listTransactions } from '../../services/payments/list-transactions';
import { transactionsQuerySchema } from '../../shared/schemas/payment';

export const listTransactionsHandlers = factory.createHandlers(
  describe({
    tag: 'Money',
    summary: 'List transactions',
    description:
      'Top-ups, invoices, subscription payments and write-offs of the balance (or the partner balance, `purse`), newest first, with links to invoice and act PDFs.',
    ok: { description: 'One page of transactions.', schema: transactionListSchema },
    errors: ['partner_only'],
  }),
  queryParams(transactionsQuerySchema),
  async (c) => c.json(await listTransactions(accountContext(c), c.req.valid('query'))),
);
