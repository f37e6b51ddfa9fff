import {
  PAYMENT_METHOD_TO_TBANK,
  PAYMENT_OBJECT_TO_TBANK,
  SPEC_PAYMENT_METHODS,
  SPEC_PAYMENT_OBJECTS,
  SPEC_TAXATIONS,
  SPEC_TAXES,
  TAX_TO_TBANK,
  TAXATION_TO_TBANK,
} from '../payments/tbank/receipt';

/**
 * The T-Bank payment link (issue #24 §3; SPEC §3 "Payment-link integration fields"): the owner's
 * choices in the SPEC's spellings, the limits of an amount, and which values T-Bank's receipts no
 * longer take (functions/payments/tbank/receipt.ts maps the rest to the wire spellings).
 */

export { SPEC_PAYMENT_METHODS, SPEC_PAYMENT_OBJECTS, SPEC_TAXATIONS, SPEC_TAXES };

/** Init has no Currency: a terminal takes its own, which is roubles (reference/payments.md §1.2). */
export const TBANK_LINK_CURRENCIES = ['rub'] as const;

/** An amount in kopecks: from 1 ₽ to 1 000 000 ₽. */
export const MIN_LINK_AMOUNT = 100;
export const MAX_LINK_AMOUNT = 100_000_000;

/** T-Bank's limits: an item's name (Receipt.Items[].Name), the form's description. */
export const PRODUCT_NAME_LIMIT = 128;
export const SHOP_NAME_LIMIT = 100;

const ACCEPTED: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  taxation: TAXATION_TO_TBANK,
  tax: TAX_TO_TBANK,
  payment_method: PAYMENT_METHOD_TO_TBANK,
  payment_object: PAYMENT_OBJECT_TO_TBANK,
};

/** Whether a SPEC value of a fiscal setting has a T-Bank value today (`envd` has not since 2025). */
export const tbankAccepts = (setting: keyof typeof ACCEPTED, value: string): boolean =>
  (ACCEPTED[setting]?.[value] ?? null) !== null;

/** The variables a paid link fills in its dialogue (usable as {{payment_status}} in any action). */
export const PAYMENT_VARIABLES = {
  status: 'payment_status',
  amount: 'paid_amount',
  orderId: 'payment_order_id',
} as const;

/** 150000 → "1500.00": kopecks as the model and the dialogue say them. */
export const rublesText = (minor: number) =>
  `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
