import { monthlyPriceMinor, TERMS } from '../../../db/seed/tariffs';
import type { Currency } from '../../shared/constants';
import { SELLABLE_KINDS } from '../../shared/sellable-kinds';

/** GET /api/subscription/tariffs: the monthly price of each kind on sale in a currency, and the terms. */
export function tariffs(currency: Currency) {
  return {
    currency,
    terms: TERMS.map((term) => ({
      id: term.id,
      unit: term.unit,
      count: term.count,
      discount_percent: term.discountPercent,
    })),
    tariffs: SELLABLE_KINDS.map((kind) => ({ kind, month_minor: monthlyPriceMinor(kind, currency) })),
  };
}
