import Stripe from 'stripe';
import { PaymentProviderError } from '../../ports/payments';

export type StripeError = Stripe.errors.StripeError;
export type StripeCardError = Stripe.errors.StripeCardError;

export const isStripeError = (error: unknown): error is StripeError =>
  error instanceof Stripe.errors.StripeError;

/** A decline of the card itself (HTTP 402): the payment failed, the request did not. */
export const isCardError = (error: unknown): error is StripeCardError =>
  error instanceof Stripe.errors.StripeCardError;

/**
 * Stripe's word for a refusal: its `error.code` when it has one (resource_missing,
 * amount_too_small, parameter_missing, …), else what kind of refusal it was. Not the SDK's `type`,
 * which is a class name (and minifiers rename classes).
 */
export function stripeErrorCode(error: StripeError): string {
  if (error.code) return error.code;
  if (error instanceof Stripe.errors.StripeAuthenticationError) return 'authentication_error';
  if (error instanceof Stripe.errors.StripePermissionError) return 'permission_error';
  if (error instanceof Stripe.errors.StripeRateLimitError) return 'rate_limit';
  if (error instanceof Stripe.errors.StripeConnectionError) return 'api_connection_error';
  return error.rawType ?? 'api_error';
}

/** A refusal by Stripe as the port's error; anything that is not a Stripe error is returned unchanged. */
export function toProviderError(error: unknown): unknown {
  if (!isStripeError(error)) return error;
  return new PaymentProviderError('stripe', stripeErrorCode(error), error.message);
}

/** Runs a Stripe call, turning Stripe's errors into PaymentProviderError. */
export async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toProviderError(error);
  }
}
