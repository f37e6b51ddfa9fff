import type Stripe from 'stripe';
import type { NotificationRequest, NotificationResult, PaymentEvent } from '../../ports/payments';
import { webhookCrypto } from './client';
import { callStripe } from './errors';
import { paymentIntentEvent, sessionEvent, sessionOrderId } from './payment-events';
import { chargeRefundEvents } from './refund-events';

/** Seconds a signed timestamp stays acceptable (Stripe's own default): older deliveries are replays. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export interface WebhookVerification {
  webhookSecret: string;
  /** Milliseconds since the epoch the delivery counts as received at (the clock's now). */
  receivedAt: number;
}

/**
 * The event of a delivery whose `Stripe-Signature` verifies over the raw body, else null: a missing
 * header, a signature by another secret, a changed body or a timestamp older than the tolerance.
 */
export async function verifiedEvent(
  stripe: Stripe,
  request: NotificationRequest,
  verification: WebhookVerification,
): Promise<Stripe.Event | null> {
  const signature = request.headers.get('stripe-signature');
  if (!signature) return null;
  try {
    return await stripe.webhooks.constructEventAsync(
      request.body,
      signature,
      verification.webhookSecret,
      SIGNATURE_TOLERANCE_SECONDS,
      webhookCrypto(),
      verification.receivedAt,
    );
  } catch {
    return null;
  }
}

/** The session's PaymentIntent with its payment method, for the saved card or the decline reason. */
async function intentOf(
  stripe: Stripe,
  session: Stripe.Checkout.Session,
): Promise<Stripe.PaymentIntent | undefined> {
  const intent = session.payment_intent;
  if (intent === null) return undefined;
  if (typeof intent !== 'string' && typeof intent.payment_method !== 'string') return intent;
  const id = typeof intent === 'string' ? intent : intent.id;
  return callStripe(() => stripe.paymentIntents.retrieve(id, { expand: ['payment_method'] }));
}

/** Only a session with a Customer can have saved a card: only then is its PaymentIntent worth a request. */
const savesCard = (session: Stripe.Checkout.Session) => session.customer !== null;

/**
 * The payments an event reports. Event payloads carry objects unexpanded, so a paid session that
 * saved a card costs one request for its PaymentIntent, and a refunded charge one or two to find
 * its order; a request's failure is thrown (the route answers 5xx and Stripe delivers the event again).
 */
export async function eventsOf(stripe: Stripe, event: Stripe.Event): Promise<PaymentEvent[]> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      if (session.mode !== 'payment' || session.payment_status !== 'paid') return [];
      // Another product's session is not worth a request: the ledger finds no order and credits nothing.
      const ours = sessionOrderId(session) !== null;
      const paymentIntent = ours && savesCard(session) ? await intentOf(stripe, session) : undefined;
      return [sessionEvent(session, { providerStatus: event.type, state: 'paid', paymentIntent })];
    }
    case 'checkout.session.async_payment_failed': {
      const session = event.data.object;
      const paymentIntent = sessionOrderId(session) !== null ? await intentOf(stripe, session) : undefined;
      return [sessionEvent(session, { providerStatus: event.type, state: 'failed', paymentIntent })];
    }
    case 'checkout.session.expired':
      return [sessionEvent(event.data.object, { providerStatus: event.type, state: 'failed' })];
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      if (!intent.metadata.order_id) return [];
      const state = event.type === 'payment_intent.succeeded' ? 'paid' : 'failed';
      return [paymentIntentEvent(intent, { providerStatus: event.type, state })];
    }
    case 'charge.refunded':
      return chargeRefundEvents(stripe, event.data.object);
    default:
      return [];
  }
}

/** A webhook delivery read: rejected unless signed, events when it is about one of our payments. */
export async function readStripeNotification(
  stripe: Stripe,
  request: NotificationRequest,
  verification: WebhookVerification,
): Promise<NotificationResult> {
  const event = await verifiedEvent(stripe, request, verification);
  if (!event) return { kind: 'rejected' };
  const events = await eventsOf(stripe, event);
  return events.length > 0 ? { kind: 'events', events } : { kind: 'ignored' };
}
