import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { subscriptionSchema } from '../../openapi/schemas/money';
import { buySubscription } from '../../services/billing/buy-subscription';
import { listSubscriptions } from '../../services/billing/list-subscriptions';
import { buySchema } from '../../shared/schemas/subscription';

/** 201 with the bought subscription as the list shows it; 402 with what is missing. */
export const buySubscriptionHandlers = factory.createHandlers(
  describe({
    tag: 'Money',
    summary: 'Buy a subscription',
    description:
      'Buys new items for a term, renews a paid subscription (`renew`) or pays an unpaid one (`id`) from the balance. When the balance lacks money the subscription stays unpaid and the 402 says `missing_minor` and `subscription_id`: a card top-up of that amount pays it.',
    ok: { status: 201, description: 'The subscription, paid.', schema: subscriptionSchema },
    errors: ['insufficient_balance', 'not_found', 'subscription_state'],
  }),
  jsonBody(buySchema),
  async (c) => {
    const ctx = accountContext(c);
    const { id } = await buySubscription(ctx, c.req.valid('json'));
    const bought = (await listSubscriptions(ctx)).find((one) => one.id === id);
    return c.json(bought, 201);
  },
);
