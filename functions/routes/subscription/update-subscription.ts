import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { subscriptionSchema } from '../../openapi/schemas/money';
import { listSubscriptions } from '../../services/billing/list-subscriptions';
import { updateSubscription } from '../../services/billing/manage-subscription';
import { updateSubscriptionSchema } from '../../shared/schemas/subscription';

export const updateSubscriptionHandlers = factory.createHandlers(
  describe({
    tag: 'Money',
    summary: 'Change a subscription’s renewal',
    description:
      'Turns automatic renewal on or off and sets what the renewal buys (`next_items`; null keeps the current items). An expired subscription cannot change.',
    ok: { description: 'The subscription after the change.', schema: subscriptionSchema },
    errors: ['not_found', 'subscription_state'],
  }),
  jsonBody(updateSubscriptionSchema),
  async (c) => {
    const ctx = accountContext(c);
    const id = c.req.param('id') ?? '';
    await updateSubscription(ctx, id, c.req.valid('json'));
    return c.json((await listSubscriptions(ctx)).find((one) => one.id === id));
  },
);
