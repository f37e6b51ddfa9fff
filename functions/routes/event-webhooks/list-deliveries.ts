import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { queryParams } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { eventWebhookDeliveryListSchema } from '../../openapi/schemas/event-webhooks';
import { listDeliveries } from '../../services/event-webhooks/manage-deliveries';
import { eventWebhookDeliveriesQuerySchema } from '../../shared/schemas/event-webhooks';

export const listDeliveriesHandlers = factory.createHandlers(
  describe({
    tag: 'Event webhooks',
    summary: "List an endpoint's deliveries",
    description: 'Newest first, 20 a page, each with its status, attempts and the last answer.',
    ok: { description: 'One page of deliveries.', schema: eventWebhookDeliveryListSchema },
    errors: ['not_found'],
  }),

  queryParams(eventWebhookDeliveriesQuerySchema),
  async (c) =>
    c.json(await listDeliveries(accountContext(c), c.req.param('id') ?? '', c.req.valid('query').page)),
);
