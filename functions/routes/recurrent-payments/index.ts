import { Hono } from 'hono';
import { accountContext } from '../../http/context';
import type { AppEnv } from '../../http/env';
import { factory } from '../../http/factory';
import { requireAccount } from '../../http/require-account';
import { describe } from '../../openapi/describe';
import { recurrentPaymentListSchema } from '../../openapi/schemas/money';
import { cancelRecurrentPayment, listRecurrentPayments } from '../../services/payments/recurrent-payments';

const listHandlers = factory.createHandlers(
  describe({
    tag: 'Money',
    summary: 'List saved cards',
    description: 'The cards saved for automatic payments of subscription renewals.',
    ok: { description: 'The saved cards.', schema: recurrentPaymentListSchema },
  }),
  async (c) => c.json(await listRecurrentPayments(accountContext(c))),
);

const cancelHandlers = factory.createHandlers(
  describe({
    tag: 'Money',
    summary: 'Cancel automatic payments with a card',
    description: 'Forgets the saved card: renewals are no longer charged to it.',
    ok: { status: 204, description: 'Cancelled.' },
    errors: ['not_found'],
  }),
  async (c) => {
    await cancelRecurrentPayment(accountContext(c), c.req.param('id') ?? '');
    return c.body(null, 204);
  },
);

/** SPEC §7 automatic payments: the saved cards, and cancelling one. */
export const recurrentPaymentsRoutes = new Hono<AppEnv>()
  .use('*', requireAccount)
  .get('/', ...listHandlers)
  .post('/:id/cancel', ...cancelHandlers);
