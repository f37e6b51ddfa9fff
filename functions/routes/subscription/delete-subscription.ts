import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { describe } from '../../openapi/describe';
import { deleteSubscription } from '../../services/billing/manage-subscription';

export const deleteSubscriptionHandlers = factory.createHandlers(
  describe({
    tag: 'Money',
    summary: 'Delete a subscription',
    description: 'Only an unpaid or expired subscription can be deleted; a paid period is never thrown away.',
    ok: { status: 204, description: 'Deleted.' },
    errors: ['not_found', 'subscription_state'],
  }),
  async (c) => {
    await deleteSubscription(accountContext(c), c.req.param('id') ?? '');
    return c.body(null, 204);
  },
);
