import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { listSubscriptions } from '../../services/billing/list-subscriptions';
import { updateSubscription } from '../../services/billing/manage-subscription';
import { updateSubscriptionSchema } from '../../shared/schemas/subscription';

export const updateSubscriptionHandlers = factory.createHandlers(
  jsonBody(updateSubscriptionSchema),
  async (c) => {
    const ctx = accountContext(c);
    const id = c.req.param('id') ?? '';
    await updateSubscription(ctx, id, c.req.valid('json'));
    return c.json((await listSubscriptions(ctx)).find((one) => one.id === id));
  },
);
