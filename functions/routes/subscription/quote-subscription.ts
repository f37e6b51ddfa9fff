import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { quoteSchema as quoteDoc } from '../../openapi/schemas/money';
import { quoteSubscription } from '../../services/billing/buy-subscription';
import { quoteSchema } from '../../shared/schemas/subscription';

export const quoteSubscriptionHandlers = factory.createHandlers(
  describe({
    tag: 'Money',
    summary: 'Price a subscription',
    description:
      'What the items for the term cost after the term discount, and what the balance lacks to pay it. Nothing is bought.',
    ok: { description: 'The price.', schema: quoteDoc },
  }),
  jsonBody(quoteSchema),
  async (c) => c.json(await quoteSubscription(accountContext(c), c.req.valid('json'))),
);
