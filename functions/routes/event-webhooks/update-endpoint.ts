import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { updatedEventWebhookSchema } from '../../openapi/schemas/event-webhooks';
import { updateEndpoint } from '../../services/event-webhooks/manage-endpoints';
import { updateEventWebhookSchema } from '../../shared/schemas/event-webhooks';

export const updateEndpointHandlers = factory.createHandlers(
  describe({
    tag: 'Event webhooks',
    summary: 'Change an event webhook endpoint',
    description:
      'Its address, events, or on/off. Switching it on again clears `disabledAt` and `failingSince`.',
    ok: { description: 'The endpoint as it is now.', schema: updatedEventWebhookSchema },
    errors: ['not_found'],
  }),
  jsonBody(updateEventWebhookSchema),
  async (c) => c.json(await updateEndpoint(accountContext(c), c.req.param('id') ?? '', c.req.valid('json'))),
);
