import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { createPaymentLink } from '../../services/payments/create-payment-link';
import { paymentLinkSchema } from '../../shared/schemas/payment';

export const createPaymentLinkHandlers = factory.createHandlers(jsonBody(paymentLinkSchema), async (c) =>
  c.json(await createPaymentLink(accountContext(c), c.req.valid('json'))),
);
