import type Stripe from 'stripe';
import type { PaymentEvent } from '../../ports/payments';
import { callStripe } from './errors';
import { paymentIntentEvent, sessionEvent } from './payment-events';

/** Expanding a nested field expands the fields on its way: the session's PaymentIntent and its card. */
const EXPAND_INTENT = ['payment_intent.payment_method'];

/**
 * Reconciliation: where a payment stands now. A Checkout payment is known by its session id
 * (`cs_…`: open → pending, paid → paid with the saved card, expired → failed); an off-session
 * charge by its PaymentIntent id (`pi_…`).
 */
export async function paymentState(
  stripe: Stripe,
  providerPaymentId: string,
  orderId: string,
): Promise<PaymentEvent> {
  if (providerPaymentId.startsWith('pi_')) {
    const intent = await callStripe(() => stripe.paymentIntents.retrieve(providerPaymentId));
    return paymentIntentEvent(intent, { orderId, providerStatus: intent.status });
  }
  const session = await callStripe(() =>
    stripe.checkout.sessions.retrieve(providerPaymentId, { expand: EXPAND_INTENT }),
  );
  const intent =
    typeof session.payment_intent === 'string' ? undefined : (session.payment_intent ?? undefined);
  return sessionEvent(session, {
    orderId,
    providerStatus: session.payment_status === 'paid' ? 'paid' : (session.status ?? 'unknown'),
    paymentIntent: intent,
  });
}
