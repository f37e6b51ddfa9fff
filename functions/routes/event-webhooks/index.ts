import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { requireAccount } from '../../http/require-account';
import { createEndpointHandlers } from './create-endpoint';
import { deleteEndpointHandlers } from './delete-endpoint';
import { listDeliveriesHandlers } from './list-deliveries';
import { listEndpointsHandlers } from './list-endpoints';
import { resendDeliveryHandlers } from './resend-delivery';
import { updateEndpointHandlers } from './update-endpoint';

/** Event webhooks (docs/api.md "Event webhooks"): a person signed in or an API key manages them. */
export const eventWebhooksRoutes = new Hono<AppEnv>()
  .use('*', requireAccount)
  .get('/', ...listEndpointsHandlers)
  .post('/', ...createEndpointHandlers)
  .patch('/:id', ...updateEndpointHandlers)
  .delete('/:id', ...deleteEndpointHandlers)
  .get('/:id/deliveries', ...listDeliveriesHandlers)
  .post('/:id/deliveries/:deliveryId/resend', ...resendDeliveryHandlers);
