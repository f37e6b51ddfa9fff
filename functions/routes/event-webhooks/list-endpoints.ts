import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { describe } from '../../openapi/describe';
import { eventWebhookEndpointListSchema } from '../../openapi/schemas/event-webhooks';
import { listEndpoints } from '../../services/event-webhooks/manage-endpoints';

export const listEndpointsHandlers = factory.createHandlers(
  describe({
    tag: 'Event webhooks',
    summary: 'List event webhook endpoints',
    description: 'Every endpoint of the account, oldest first; the signing secrets are never answered.',
    ok: { description: 'The endpoints.', schema: eventWebhookEndpointListSchema },
  }),
  async (c) => c.json(await listEndpoints(accountContext(c))),
);
