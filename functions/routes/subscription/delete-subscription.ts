import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { deleteSubscription } from '../../services/billing/manage-subscription';

export const deleteSubscriptionHandlers = factory.createHandlers(async (c) => {
  await deleteSubscription(accountContext(c), c.req.param('id') ?? '');
  return c.body(null, 204);
});
