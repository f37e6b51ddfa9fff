import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody, queryParams } from '../../http/validate';
import { createInvoice, getRequisites } from '../../services/payments/invoices';
import { suggestRequisites } from '../../services/payments/requisites-suggestions';
import { invoiceSchema, suggestQuerySchema } from '../../shared/schemas/payment';

export const getRequisitesHandlers = factory.createHandlers(async (c) =>
  c.json(await getRequisites(accountContext(c))),
);

export const createInvoiceHandlers = factory.createHandlers(jsonBody(invoiceSchema), async (c) =>
  c.json(await createInvoice(accountContext(c), c.req.valid('json')), 201),
);

export const suggestPartyHandlers = factory.createHandlers(queryParams(suggestQuerySchema), async (c) =>
  c.json(await suggestRequisites(accountContext(c), 'party', c.req.valid('query').query)),
);

export const suggestBankHandlers = factory.createHandlers(queryParams(suggestQuerySchema), async (c) =>
  c.json(await suggestRequisites(accountContext(c), 'bank', c.req.valid('query').query)),
);
