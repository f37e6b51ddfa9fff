import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { describe } from '../../openapi/describe';
import { resentDeliverySchema } from '../../openapi/schemas/event-webhooks';
import { resendOwnDelivery } from '../../services/event-webhooks/manage-deliveries';

export const resendDeliveryHandlers = factory.createHandlers(
  describe({
    tag: 'Event webhooks',
    summary: 'Send a delivery again',
    description:
      'A delivered or given-up delivery goes again with the same `webhook-id` and a fresh day of retries; one still pending is already on its way.',
    ok: { status: 202, description: 'The delivery, pending again.', schema: resentDeliverySchema },
    errors: ['not_found'],
  }),
  async (c) =>
    c.json(
      await resendOwnDelivery(accountContext(c), c.req.param('id') ?? '', c.req.param('deliveryId') ?? ''),
      202,
    ),
);
