import * as v from 'valibot';
import {
  MAX_LINK_AMOUNT,
  MIN_LINK_AMOUNT,
  PRODUCT_NAME_LIMIT,
  SHOP_NAME_LIMIT,
  SPEC_PAYMENT_METHODS,
  SPEC_PAYMENT_OBJECTS,
  SPEC_TAXATIONS,
  SPEC_TAXES,
  TBANK_LINK_CURRENCIES,
  tbankAccepts,
} from '../tbank-link';
import { msg } from './fields';

/**
 * The settings of a T-Bank payment link the owner saves (SPEC §3): the product, its amount in
 * kopecks, the currency, the shop's name and the receipt's fiscal settings in the SPEC's spellings.
 * A SPEC value T-Bank no longer takes (`envd`, three FFD 1.2-only payment objects) is refused here,
 * before any payment is tried. The terminal key and password pass through to the catalogue's
 * allow-list of credentials.
 */
const text = (max: number) =>
  v.pipe(v.string(msg('invalid_value')), v.trim(), v.maxLength(max, msg('too_long')));

const fiscal = <T extends string>(setting: Parameters<typeof tbankAccepts>[0], values: readonly T[]) =>
  v.optional(
    v.pipe(
      v.picklist(values, msg('invalid_value')),
      v.check((value) => tbankAccepts(setting, value), msg('tbank_value_not_accepted')),
    ),
  );

export const tbankSettingsSchema = v.looseObject({
  product_name: v.optional(text(PRODUCT_NAME_LIMIT)),
  amount: v.optional(
    v.union(
      [
        v.null(),
        v.pipe(
          v.number(msg('amount_minor_range')),
          v.integer(msg('amount_minor_range')),
          v.minValue(MIN_LINK_AMOUNT, msg('amount_minor_range')),
          v.maxValue(MAX_LINK_AMOUNT, msg('amount_minor_range')),
        ),
      ],
      msg('amount_minor_range'),
    ),
  ),
  currency: v.optional(v.picklist(TBANK_LINK_CURRENCIES, msg('invalid_value')), 'rub'),
  shop_name: v.optional(text(SHOP_NAME_LIMIT)),
  taxation: fiscal('taxation', SPEC_TAXATIONS),
  tax: fiscal('tax', SPEC_TAXES),
  payment_method: fiscal('payment_method', SPEC_PAYMENT_METHODS),
  payment_object: fiscal('payment_object', SPEC_PAYMENT_OBJECTS),
});
