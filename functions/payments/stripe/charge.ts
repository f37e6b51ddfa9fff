import type Stripe from 'stripe';
import { type ChargeRequest, type PaymentEvent, PaymentProviderError } from '../../ports/payments';
import { isCardError, stripeErrorCode, toProviderError } from './errors';
import { paymentIntentEvent } from './payment-events';
import { parseSavedMethod } from './saved-method';

export function chargeParams(request: ChargeRequest): Stripe.PaymentIntentCreateParams {
  const card = parseSavedMethod(request.savedMethod);
  if (!card) {
    throw new PaymentProviderError('stripe', 'invalid_saved_method', 'The saved method is not "cus_…:pm_…".');
  }
  return {
    amount: request.amountMinor,
    currency: request.currency,
    customer: card.customer,
    payment_method: card.paymentMethod,
    off_session: true,
    confirm: true,
    description: request.description,
    receipt_email: request.email,
    metadata: { order_id: request.orderId, customer_key: request.customerKey },
  };
}

/**
 * A merchant-initiated charge of a saved card: a PaymentIntent confirmed off-session at once, keyed
 * by the order id (a retry replays Stripe's first answer, so one order is charged at most once).
 * A decline (HTTP 402: card_declined, authentication_required, expired_card, …) is a failed
 * payment with Stripe's message; any other refusal is a PaymentProviderError. The intent's id
 * exists only in the answer (no ChargeRequest.onStarted here): when every retry's answer is lost,
 * the charge is found again by its payment_intent.succeeded event (metadata.order_id).
 */
export async function chargeSavedCard(stripe: Stripe, request: ChargeRequest): Promise<PaymentEvent> {
  const params = chargeParams(request);
  try {
    const intent = await stripe.paymentIntents.create(params, { idempotencyKey: request.orderId });
    return paymentIntentEvent(intent, { orderId: request.orderId, providerStatus: intent.status });
  } catch (error) {
    if (!isCardError(error)) throw toProviderError(error);
    return {
      orderId: request.orderId,
      providerPaymentId: error.payment_intent?.id ?? error.charge ?? '',
      state: 'failed',
      amountMinor: request.amountMinor,
      providerStatus: stripeErrorCode(error),
      failureMessage: error.message,
    };
  }
}
