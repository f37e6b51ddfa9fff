import type Stripe from 'stripe';
import type { PaymentEvent } from '../../ports/payments';
import { callStripe } from './errors';
import { sessionOrderId } from './payment-events';

const idOf = (value: string | { id: string } | null): string | null =>
  value === null ? null : typeof value === 'string' ? value : value.id;

/**
 * Our order behind a PaymentIntent, with the payment id we stored for it: a Checkout payment is
 * known by its session (found by listing sessions by payment_intent; the session's metadata is not
 * copied onto its PaymentIntent), an off-session charge by the PaymentIntent itself (metadata.order_id,
 * set by chargeParams). Null for another product's payment on the same account.
 */
async function orderOf(
  stripe: Stripe,
  intentId: string,
): Promise<{ orderId: string; providerPaymentId: string } | null> {
  const sessions = await callStripe(() =>
    stripe.checkout.sessions.list({ payment_intent: intentId, limit: 1 }),
  );
  const session = sessions.data[0];
  if (session) {
    const orderId = sessionOrderId(session);
    return orderId ? { orderId, providerPaymentId: session.id } : null;
  }
  const intent = await callStripe(() => stripe.paymentIntents.retrieve(intentId));
  const orderId = intent.metadata.order_id;
  return orderId ? { orderId, providerPaymentId: intent.id } : null;
}

/**
 * `charge.refunded`: a refund of a Charge. Only a full refund (`refunded: true`, Stripe's "fully
 * refunded") is a 'refunded' event; a partial one is nothing to us. Finding the order costs one or
 * two requests, whose failure is thrown (the route answers 5xx and Stripe delivers the event again).
 */
export async function chargeRefundEvents(stripe: Stripe, charge: Stripe.Charge): Promise<PaymentEvent[]> {
  if (!charge.refunded) return [];
  const intentId = idOf(charge.payment_intent);
  if (!intentId) return [];
  const order = await orderOf(stripe, intentId);
  if (!order) return [];
  return [
    {
      orderId: order.orderId,
      providerPaymentId: order.providerPaymentId,
      state: 'refunded',
      amountMinor: charge.amount_refunded,
      currency: charge.currency.toLowerCase(),
      providerStatus: 'charge.refunded',
    },
  ];
}
