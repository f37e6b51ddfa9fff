import * as v from 'valibot';
import { CURRENCIES, type Currency } from '../constants';
import { filterDay, msg } from './fields';

/** Whose balance a payment tops up: the account's own, or (a partner's) its partner balance. */
export const PURSES = ['account', 'partner'] as const;

/** The smallest and largest top-up by card, per currency, in minor units (docs/money.md "Payments"). */
export const TOP_UP_LIMITS_MINOR: Readonly<Record<Currency, { min: number; max: number }>> = {
  rub: { min: 10_000, max: 100_000_000 },
  usd: { min: 100, max: 1_000_000 },
  eur: { min: 100, max: 1_000_000 },
  kzt: { min: 50_000, max: 500_000_000 },
};

/**
 * The least a provider takes (T-Bank's SBP minimum is 10 rub, Stripe's about 0.50 usd): a top-up
 * for exactly what a subscription lacks may be that small.
 */
export const PROVIDER_MIN_MINOR: Readonly<Record<Currency, number>> = {
  rub: 1_000,
  usd: 50,
  eur: 50,
  kzt: 25_000,
};

/**
 * POST /api/payment/link (SPEC §7): a top-up of the balance by card. `recurrent` saves the card for
 * automatic payments of `recurrent_type` (subscription renewals); `agree` must be true; with
 * `subscription_id` the money pays that unpaid subscription as soon as it arrives.
 */
export const paymentLinkSchema = v.object({
  currency: v.picklist(CURRENCIES, msg('invalid_value')),
  operation: v.optional(v.picklist(['top_up'], msg('invalid_value')), 'top_up'),
  amount_minor: v.pipe(v.number(msg('invalid_value')), v.integer(msg('invalid_value'))),
  payer: v.optional(
    v.nullable(v.object({ email: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(254))) })),
  ),
  recurrent: v.optional(v.boolean(msg('invalid_value')), false),
  recurrent_type: v.optional(v.picklist(['subscriptions'], msg('invalid_value')), 'subscriptions'),
  agree: v.literal(true, msg('payment_agree_required')),
  subscription_id: v.optional(v.nullable(v.pipe(v.string(), v.uuid(msg('invalid_value'))))),
  purse: v.optional(v.picklist(PURSES, msg('invalid_value')), 'account'),
});

export type PaymentLinkInput = v.InferOutput<typeof paymentLinkSchema>;

export const transactionsQuerySchema = v.object({
  purse: v.optional(v.picklist(PURSES, msg('invalid_value')), 'account'),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, msg('invalid_value')), v.transform(Number)), '1'),
  from: v.optional(filterDay),
  to: v.optional(filterDay),
});

/** POST /api/payment/invoice: the amount and the buyer's details (checked by requisites.ts). */
export const invoiceSchema = v.object({
  amount_minor: v.pipe(v.number(msg('invalid_value')), v.integer(msg('invalid_value'))),
  requisites: v.record(v.string(), v.nullish(v.string(msg('invalid_value')))),
  purse: v.optional(v.picklist(PURSES, msg('invalid_value')), 'account'),
});

export const suggestQuerySchema = v.object({
  query: v.pipe(v.string(), v.trim(), v.regex(/^\d{9,15}$/, msg('invalid_value'))),
});
