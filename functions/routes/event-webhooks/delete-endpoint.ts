import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { describe } from '../../openapi/describe';
import { deleteEndpoint } from '../../services/event-webhooks/manage-endpoints';

export const deleteEndpointHandlers = factory.createHandlers(
  describe({
    tag: 'Event webhooks',
    summary: 'Delete an event webhook endpoint',
    description: 'Its deliveries go with it.',
    ok: { status: 204, description: 'Deleted.' },
    errors: ['not_found'],
  }),
  async (c) => {
    await deleteEndpoint(accountContext(c), c.req.param('id') ?? '');
    return c.body(null, 204);
  },
);
