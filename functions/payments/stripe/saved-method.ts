import type Stripe from 'stripe';
import type { SavedMethod } from '../../ports/payments';

/** What a saved card is charged with: a Customer and one of its PaymentMethods. */
export interface StripeSavedCard {
  customer: string;
  paymentMethod: string;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** "visa •••• 4242": Stripe gives the merchant the brand and the last four digits, never more. */
export function cardLabel(method: Stripe.PaymentMethod | string | null): string | null {
  if (method === null || typeof method === 'string' || !method.card) return null;
  return `${method.card.brand} •••• ${method.card.last4}`;
}

/**
 * The card a Checkout payment saved, from its PaymentIntent: only when the session asked for
 * `setup_future_usage: off_session` and Stripe attached the payment method to a Customer.
 * `customer` is the session's (the PaymentIntent's own is used when the session has none).
 */
export function savedMethodOf(
  paymentIntent: Stripe.PaymentIntent,
  customer: string | Stripe.Customer | Stripe.DeletedCustomer | null,
): SavedMethod | undefined {
  if (paymentIntent.setup_future_usage !== 'off_session') return undefined;
  const customerId = idOf(customer) ?? idOf(paymentIntent.customer);
  const methodId = idOf(paymentIntent.payment_method);
  if (!customerId || !methodId) return undefined;
  return { token: `${customerId}:${methodId}`, label: cardLabel(paymentIntent.payment_method) };
}

/** The token of a SavedMethod back into its parts; null when it is not "cus_…:pm_…". */
export function parseSavedMethod(token: string): StripeSavedCard | null {
  const match = /^(cus_[A-Za-z0-9]+):((?:pm|card|src)_[A-Za-z0-9]+)$/.exec(token);
  return match?.[1] && match[2] ? { customer: match[1], paymentMethod: match[2] } : null;
}
