import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { describe } from '../../openapi/describe';
import { subscriptionListSchema } from '../../openapi/schemas/money';
import { listSubscriptions } from '../../services/billing/list-subscriptions';

export const listSubscriptionsHandlers = factory.createHandlers(
  describe({
    tag: 'Money',
    summary: 'List subscriptions',
    description:
      'The demo period first while it lasts (`id` `demo`), then the subscriptions newest first, each with how much of every item is used.',
    ok: { description: 'The subscriptions.', schema: subscriptionListSchema },
  }),
  async (c) => c.json(await listSubscriptions(accountContext(c))),
);
