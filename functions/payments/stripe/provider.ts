import { type Clock, systemClock } from '../../ports/clock';
import type { PaymentProvider } from '../../ports/payments';
import { chargeSavedCard } from './charge';
import { createCheckoutSession } from './checkout';
import { createStripeClient } from './client';
import { readStripeNotification } from './notification';
import { paymentState } from './state';

export interface StripeProviderConfig {
  /** `sk_live_…` / `sk_test_…` (or a restricted `rk_…` key with Checkout and PaymentIntents write). */
  secretKey: string;
  /** The signing secret (`whsec_…`) of the webhook endpoint configured in the Stripe dashboard. */
  webhookSecret: string;
  /** The API's base URL when it is not https://api.stripe.com (tests: the fake's url). */
  apiBase?: string;
  /** What "now" is when a signature's age is checked. */
  clock?: Clock;
}

/**
 * Stripe Checkout for usd, eur and kzt. Stripe posts its events to the webhook endpoint configured
 * in its dashboard (subscribe it to checkout.session.completed, checkout.session.async_payment_succeeded,
 * checkout.session.async_payment_failed, checkout.session.expired, payment_intent.succeeded,
 * payment_intent.payment_failed and charge.refunded), so `CheckoutRequest.notificationUrl` is not used.
 */
export function createStripeProvider(config: StripeProviderConfig): PaymentProvider {
  const stripe = createStripeClient({ secretKey: config.secretKey, apiBase: config.apiBase });
  const clock = config.clock ?? systemClock;
  return {
    name: 'stripe',
    notificationAnswer: { body: '{"received":true}', contentType: 'application/json' },
    createCheckout: (request) => createCheckoutSession(stripe, request),
    readNotification: (request) =>
      readStripeNotification(stripe, request, {
        webhookSecret: config.webhookSecret,
        receivedAt: clock.now().getTime(),
      }),
    getState: (providerPaymentId, orderId) => paymentState(stripe, providerPaymentId, orderId),
    chargeSaved: (request) => chargeSavedCard(stripe, request),
  };
}
