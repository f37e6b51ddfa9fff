import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { buySubscription } from '../../services/billing/buy-subscription';
import { listSubscriptions } from '../../services/billing/list-subscriptions';
import { buySchema } from '../../shared/schemas/subscription';

/** 201 with the bought subscription as the list shows it; 402 with what is missing. */
export const buySubscriptionHandlers = factory.createHandlers(jsonBody(buySchema), async (c) => {
  const ctx = accountContext(c);
  const { id } = await buySubscription(ctx, c.req.valid('json'));
  const bought = (await listSubscriptions(ctx)).find((one) => one.id === id);
  return c.json(bought, 201);
});
