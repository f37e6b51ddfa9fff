import { factory } from '../../http/factory';
import { undocumented } from '../../openapi/describe';
import { receivePaymentNotification } from '../../services/payments/receive-notification';
import { notFound, unauthorized } from '../../shared/app-error';

/** POST /api/payment/notify/{provider}: public, verified by the provider's signature over the raw body. */
export const receiveNotificationHandlers = factory.createHandlers(
  undocumented("A payment provider's notification, verified by its signature."),
  async (c) => {
    const answer = await receivePaymentNotification(
      c.get('ports'),
      c.get('settings'),
      c.req.param('provider') ?? '',
      {
        body: await c.req.text(),
        headers: c.req.raw.headers,
      },
    );
    if (answer.kind === 'unknown_provider') throw notFound();
    if (answer.kind === 'rejected') throw unauthorized();
    return c.body(answer.body, 200, { 'content-type': answer.contentType });
  },
);
