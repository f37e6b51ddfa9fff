import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { createdEventWebhookSchema } from '../../openapi/schemas/event-webhooks';
import { createEndpoint } from '../../services/event-webhooks/manage-endpoints';
import { createEventWebhookSchema } from '../../shared/schemas/event-webhooks';

export const createEndpointHandlers = factory.createHandlers(
  describe({
    tag: 'Event webhooks',
    summary: 'Add an event webhook endpoint',
    description:
      'An https address reachable from the internet and the events it gets. The answer carries the `whsec_…` signing secret, shown this once.',
    ok: { status: 201, description: 'The endpoint and its secret.', schema: createdEventWebhookSchema },
    errors: ['event_webhooks_limit'],
  }),
  jsonBody(createEventWebhookSchema),
  async (c) => c.json(await createEndpoint(accountContext(c), c.req.valid('json')), 201),
);
