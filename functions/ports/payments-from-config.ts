import { createStripeProvider } from '../payments/stripe/provider';
import { createTbankProvider } from '../payments/tbank/provider';
import type { PaymentProvider, Payments } from './payments';

/** The payment settings both entries read (docs/money.md "Payments"). */
export interface PaymentsConfig {
  TBANK_TERMINAL_KEY?: string | undefined;
  TBANK_PASSWORD?: string | undefined;
  TBANK_API_ROOT?: string | undefined;
  /** "false": the terminal has no online cash register, so no receipt is sent. */
  TBANK_RECEIPTS?: string | undefined;
  TBANK_TAXATION?: string | undefined;
  TBANK_TAX?: string | undefined;
  TBANK_PAYMENT_METHOD?: string | undefined;
  TBANK_PAYMENT_OBJECT?: string | undefined;
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  STRIPE_API_BASE?: string | undefined;
}

/**
 * T-Bank takes rub (its terminals are rouble-only), Stripe the other currencies; a provider whose
 * settings are missing is absent, and its currencies say "payments not configured".
 */
export function paymentsFromConfig(config: PaymentsConfig): Payments {
  const tbank: PaymentProvider | null =
    config.TBANK_TERMINAL_KEY && config.TBANK_PASSWORD
      ? createTbankProvider({
          terminalKey: config.TBANK_TERMINAL_KEY,
          password: config.TBANK_PASSWORD,
          apiRoot: config.TBANK_API_ROOT,
          fiscal:
            config.TBANK_RECEIPTS === 'false'
              ? null
              : {
                  taxation: config.TBANK_TAXATION,
                  tax: config.TBANK_TAX,
                  paymentMethod: config.TBANK_PAYMENT_METHOD,
                  paymentObject: config.TBANK_PAYMENT_OBJECT,
                },
        })
      : null;
  const stripe: PaymentProvider | null =
    config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
      ? createStripeProvider({
          secretKey: config.STRIPE_SECRET_KEY,
          webhookSecret: config.STRIPE_WEBHOOK_SECRET,
          apiBase: config.STRIPE_API_BASE,
        })
      : null;
  return {
    forCurrency: (currency) => (currency === 'rub' ? tbank : stripe),
    byName: (name) => (name === 'tbank' ? tbank : stripe),
  };
}
