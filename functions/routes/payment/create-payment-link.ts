import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { paymentLinkSchema as paymentLinkDoc } from '../../openapi/schemas/money';
import { createPaymentLink } from '../../services/payments/create-payment-link';
import { paymentLinkSchema } from '../../shared/schemas/payment';

export const createPaymentLinkHandlers = factory.createHandlers(
  describe({
    tag: 'Money',
    summary: 'Create a card payment link',
    description:
      'A top-up of the balance (or the partner balance, `purse`) by card, optionally paying an unpaid subscription (`subscription_id`) and saving the card for renewals (`recurrent`). Send the payer to `url`; the balance grows when the provider confirms.',
    ok: { description: 'The payment page.', schema: paymentLinkDoc },
    errors: ['payments_not_configured', 'partner_only', 'not_found', 'subscription_state', 'payment_failed'],
  }),
  jsonBody(paymentLinkSchema),
  async (c) => c.json(await createPaymentLink(accountContext(c), c.req.valid('json'))),
);
