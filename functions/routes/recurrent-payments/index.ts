import { Hono } from 'hono';
import { accountContext } from '../../http/context';
import type { AppEnv } from '../../http/env';
import { factory } from '../../http/factory';
import { requireAccount } from '../../http/require-account';
import { cancelRecurrentPayment, listRecurrentPayments } from '../../services/payments/recurrent-payments';

const listHandlers = factory.createHandlers(async (c) =>
  c.json(await listRecurrentPayments(accountContext(c))),
);

const cancelHandlers = factory.createHandlers(async (c) => {
  await cancelRecurrentPayment(accountContext(c), c.req.param('id') ?? '');
  return c.body(null, 204);
});

/** SPEC §7 automatic payments: the saved cards, and cancelling one. */
export const recurrentPaymentsRoutes = new Hono<AppEnv>()
  .use('*', requireAccount)
  .get('/', ...listHandlers)
  .post('/:id/cancel', ...cancelHandlers);
