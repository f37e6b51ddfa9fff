import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { requireAccount } from '../../http/require-account';
import { buySubscriptionHandlers } from './buy-subscription';
import { deleteSubscriptionHandlers } from './delete-subscription';
import { getTariffsHandlers } from './get-tariffs';
import { listSubscriptionsHandlers } from './list-subscriptions';
import { quoteSubscriptionHandlers } from './quote-subscription';
import { updateSubscriptionHandlers } from './update-subscription';

/** SPEC §7 subscriptions: tariffs, the constructor's quote, buying, the list, settings, deleting. */
export const subscriptionRoutes = new Hono<AppEnv>()
  .use('*', requireAccount)
  .get('/tariffs', ...getTariffsHandlers)
  .get('/', ...listSubscriptionsHandlers)
  .post('/', ...quoteSubscriptionHandlers)
  .post('/new', ...buySubscriptionHandlers)
  .patch('/:id', ...updateSubscriptionHandlers)
  .delete('/:id', ...deleteSubscriptionHandlers);
