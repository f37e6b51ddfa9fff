import type Stripe from 'stripe';
import type { PaymentEvent, PaymentState } from '../../ports/payments';
import { savedMethodOf } from './saved-method';

/** Where a Checkout Session stands: paid, still payable (or an async payment under way), or over. */
export function sessionState(session: Stripe.Checkout.Session): PaymentState {
  if (session.payment_status === 'paid' || session.payment_status === 'no_payment_required') return 'paid';
  if (session.status === 'expired') return 'failed';
  return 'pending';
}

/** Our order id of a session we created; null for another product's session on the same account. */
export const sessionOrderId = (session: Stripe.Checkout.Session): string | null =>
  session.client_reference_id ?? session.metadata?.order_id ?? null;

/**
 * A Checkout Session as the ledger sees it. `paymentIntent`, when given (expanded, with its
 * payment_method), supplies the saved card of a paid session and the reason of a failed one.
 */
export function sessionEvent(
  session: Stripe.Checkout.Session,
  options: {
    orderId?: string;
    providerStatus: string;
    state?: PaymentState;
    paymentIntent?: Stripe.PaymentIntent;
  },
): PaymentEvent {
  const state = options.state ?? sessionState(session);
  const intent = options.paymentIntent;
  const savedMethod = state === 'paid' && intent ? savedMethodOf(intent, session.customer) : undefined;
  const failureMessage =
    state === 'failed'
      ? (intent?.last_payment_error?.message ??
        (session.status === 'expired' ? 'The Checkout Session expired unpaid.' : 'The payment failed.'))
      : undefined;
  return {
    orderId: sessionOrderId(session) ?? options.orderId ?? '',
    providerPaymentId: session.id,
    state,
    amountMinor: session.amount_total ?? 0,
    ...(session.currency ? { currency: session.currency.toLowerCase() } : {}),
    providerStatus: options.providerStatus,
    ...(savedMethod ? { savedMethod } : {}),
    ...(failureMessage ? { failureMessage } : {}),
  };
}

/** Where a PaymentIntent stands; `requires_payment_method` after an attempt means it was declined. */
export function paymentIntentState(intent: Stripe.PaymentIntent): PaymentState {
  switch (intent.status) {
    case 'succeeded':
      return 'paid';
    case 'canceled':
      return 'failed';
    case 'requires_payment_method':
      return intent.last_payment_error ? 'failed' : 'pending';
    default:
      return 'pending';
  }
}

/** A PaymentIntent (an off-session charge) as the ledger sees it; its order id is metadata.order_id. */
export function paymentIntentEvent(
  intent: Stripe.PaymentIntent,
  options: { orderId?: string; providerStatus: string; state?: PaymentState },
): PaymentEvent {
  const state = options.state ?? paymentIntentState(intent);
  const failureMessage =
    state === 'failed'
      ? (intent.last_payment_error?.message ?? `The payment is ${intent.status}.`)
      : undefined;
  return {
    orderId: intent.metadata.order_id ?? options.orderId ?? '',
    providerPaymentId: intent.id,
    state,
    amountMinor: intent.amount_received > 0 ? intent.amount_received : intent.amount,
    currency: intent.currency.toLowerCase(),
    providerStatus: options.providerStatus,
    ...(failureMessage ? { failureMessage } : {}),
  };
}
