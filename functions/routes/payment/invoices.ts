import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody, queryParams } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { invoiceCreatedSchema, requisitesSchema, suggestionsSchema } from '../../openapi/schemas/money';
import { createInvoice, getRequisites } from '../../services/payments/invoices';
import { suggestRequisites } from '../../services/payments/requisites-suggestions';
import { invoiceSchema, suggestQuerySchema } from '../../shared/schemas/payment';

export const getRequisitesHandlers = factory.createHandlers(
  describe({
    tag: 'Money',
    summary: 'Get the invoice requisites',
    description:
      'The payer details saved with the last invoice, and whether invoices and company look-ups are available.',
    ok: { description: 'The requisites.', schema: requisitesSchema },
  }),
  async (c) => c.json(await getRequisites(accountContext(c))),
);

export const createInvoiceHandlers = factory.createHandlers(
  describe({
    tag: 'Money',
    summary: 'Issue an invoice',
    description:
      'An invoice in roubles for a bank transfer to top up the balance (or the partner balance, `purse`); the answer links its PDF. The balance grows when the payment arrives.',
    ok: { status: 201, description: 'The invoice as a transaction.', schema: invoiceCreatedSchema },
    errors: ['invoices_not_configured', 'partner_only', 'invoices_limit', 'rate_limited'],
  }),
  jsonBody(invoiceSchema),
  async (c) => c.json(await createInvoice(accountContext(c), c.req.valid('json')), 201),
);

export const suggestPartyHandlers = factory.createHandlers(
  describe({
    tag: 'Money',
    summary: 'Look up companies',
    description:
      'Companies matching a name or INN, to fill the invoice requisites; `available` is false when the look-up is not configured.',
    ok: { description: 'The matches.', schema: suggestionsSchema },
    errors: ['rate_limited'],
  }),
  queryParams(suggestQuerySchema),
  async (c) => c.json(await suggestRequisites(accountContext(c), 'party', c.req.valid('query').query)),
);

export const suggestBankHandlers = factory.createHandlers(
  describe({
    tag: 'Money',
    summary: 'Look up banks',
    description:
      'Banks matching a name or BIC, to fill the invoice requisites; `available` is false when the look-up is not configured.',
    ok: { description: 'The matches.', schema: suggestionsSchema },
    errors: ['rate_limited'],
  }),
  queryParams(suggestQuerySchema),
  async (c) => c.json(await suggestRequisites(accountContext(c), 'bank', c.req.valid('query').query)),
);
