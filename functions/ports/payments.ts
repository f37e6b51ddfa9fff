import type { Currency, Language } from '../shared/constants';

/** The providers we take money through (ARCHITECTURE §8): T-Bank for rub, Stripe for usd/eur/kzt. */
export type PaymentProviderName = 'tbank' | 'stripe';

/**
 * A provider's payment reduced to what the ledger needs. `refunded`: a settled payment the provider
 * gave back in full (a partial refund is reported as `pending`: it moves no money here).
 */
export type PaymentState = 'pending' | 'paid' | 'failed' | 'refunded';

/** What a saved card is charged with later: T-Bank's RebillId, or Stripe's customer + payment method. */
export interface SavedMethod {
  /** Opaque to the caller, stored encrypted; `tbank`: the RebillId, `stripe`: "cus_…:pm_…". */
  token: string;
  /** A masked card number for the owner to recognise it, e.g. "430000******0777", when known. */
  label: string | null;
}

export interface CheckoutRequest {
  /** Our transaction id; unique per payment (T-Bank OrderId ≤ 36, Stripe client_reference_id). */
  orderId: string;
  amountMinor: number;
  currency: Currency;
  /** Shown on the payment page and used as the receipt line (≤ 128 characters). */
  description: string;
  /** The account id: T-Bank CustomerKey, Stripe customer metadata. */
  customerKey: string;
  /** Where the receipt goes. */
  email: string;
  /** Save the card for merchant-initiated charges later (T-Bank Recurrent=Y, Stripe setup_future_usage). */
  saveMethod: boolean;
  language: Language;
  successUrl: string;
  failUrl: string;
  /** Where the provider posts its notifications for this payment. */
  notificationUrl: string;
}

export interface CheckoutSession {
  providerPaymentId: string;
  paymentUrl: string;
}

/** One payment's news, from a verified notification, a state request or a charge. */
export interface PaymentEvent {
  orderId: string;
  providerPaymentId: string;
  state: PaymentState;
  amountMinor: number;
  /** The paid currency, lowercase, when the provider reports it (Stripe); T-Bank's terminal is rub only. */
  currency?: string;
  /** The provider's own status word (CONFIRMED, REJECTED, payment_intent.succeeded, …) for the record. */
  providerStatus: string;
  /** Present when the payment saved a card for later charges. */
  savedMethod?: SavedMethod;
  /** The provider's reason when the payment failed, for the owner. */
  failureMessage?: string;
}

export interface ChargeRequest {
  orderId: string;
  amountMinor: number;
  currency: Currency;
  description: string;
  customerKey: string;
  email: string;
  savedMethod: string;
  /** Where the provider posts this payment's notifications (T-Bank NotificationURL; Stripe: its dashboard's). */
  notificationUrl?: string;
  /**
   * Called with the provider's payment id once the payment exists and before the card is charged
   * (T-Bank: between Init and Charge), for the caller to store it: a charge whose answer is lost is
   * then still known by its id to the notification and to reconciliation. When it throws, nothing
   * is charged.
   */
  onStarted?: (providerPaymentId: string) => Promise<void>;
}

export interface NotificationRequest {
  /** The raw body, exactly as received (signatures are computed over it). */
  body: string;
  headers: Headers;
}

export type NotificationResult =
  /** The signature does not verify: answer 401 and change nothing. */
  | { kind: 'rejected' }
  /** Verified, about payments; `answer` is what the provider expects back (T-Bank: "OK"). */
  | { kind: 'events'; events: PaymentEvent[] }
  /** Verified but of no interest (a fiscal receipt, another event type). */
  | { kind: 'ignored' };

/** A refusal by the provider (bad credentials, a declined request): the message is the provider's. */
export class PaymentProviderError extends Error {
  constructor(
    readonly provider: PaymentProviderName,
    readonly providerCode: string,
    message: string,
  ) {
    super(message);
  }
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Starts a payment; the customer pays on `paymentUrl`. */
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Verifies and reads a notification; never throws on a bad body (rejected or ignored). */
  readNotification(request: NotificationRequest): Promise<NotificationResult>;
  /** The body the provider expects for an accepted notification ("OK" for T-Bank). */
  readonly notificationAnswer: { body: string; contentType: string };
  /** Reconciliation: where a payment stands now. */
  getState(providerPaymentId: string, orderId: string): Promise<PaymentEvent>;
  /** A merchant-initiated charge of a saved card; settles synchronously to paid or failed. */
  chargeSaved(request: ChargeRequest): Promise<PaymentEvent>;
}

/** The configured providers; null for a currency means "payments not configured" for it. */
export interface Payments {
  forCurrency(currency: Currency): PaymentProvider | null;
  byName(name: PaymentProviderName): PaymentProvider | null;
}

export const noPayments: Payments = { forCurrency: () => null, byName: () => null };
