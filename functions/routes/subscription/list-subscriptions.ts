import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { listSubscriptions } from '../../services/billing/list-subscriptions';

export const listSubscriptionsHandlers = factory.createHandlers(async (c) =>
  c.json(await listSubscriptions(accountContext(c))),
);
