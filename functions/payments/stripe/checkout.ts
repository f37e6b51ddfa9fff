import type Stripe from 'stripe';
import { type CheckoutRequest, type CheckoutSession, PaymentProviderError } from '../../ports/payments';
import { callStripe } from './errors';

/**
 * The Checkout Session for one payment. `amountMinor` goes to Stripe as is: usd, eur and kzt are
 * all two-decimal currencies in Stripe (none is on its zero-decimal list), so cents and tiyn.
 * `notificationUrl` is not sent: Stripe posts events to the endpoint set in its dashboard.
 */
export function checkoutSessionParams(request: CheckoutRequest): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: request.currency,
          unit_amount: request.amountMinor,
          product_data: { name: request.description.slice(0, 128) },
        },
      },
    ],
    client_reference_id: request.orderId,
    metadata: { order_id: request.orderId, customer_key: request.customerKey },
    customer_email: request.email,
    success_url: request.successUrl,
    cancel_url: request.failUrl,
    locale: request.language,
    ...(request.saveMethod
      ? { customer_creation: 'always', payment_intent_data: { setup_future_usage: 'off_session' } }
      : {}),
  };
}

/** Creates the session; the order id is the Idempotency-Key, so a retried start reuses the session. */
export async function createCheckoutSession(
  stripe: Stripe,
  request: CheckoutRequest,
): Promise<CheckoutSession> {
  const session = await callStripe(() =>
    stripe.checkout.sessions.create(checkoutSessionParams(request), { idempotencyKey: request.orderId }),
  );
  if (!session.url) {
    throw new PaymentProviderError('stripe', 'no_url', `Checkout Session ${session.id} has no url`);
  }
  return { providerPaymentId: session.id, paymentUrl: session.url };
}
