import type { SubscriptionItem, TermUnit } from '../../../db/schema';
import { DAYS_PER_MONTH, monthlyPriceMinor, TERMS, type Term } from '../../../db/seed/tariffs';
import type { Currency } from '../../shared/constants';

export interface QuoteLine extends SubscriptionItem {
  month_minor: number;
  amount_minor: number;
}

export interface Quote {
  currency: Currency;
  term: Term;
  lines: QuoteLine[];
  full_minor: number;
  discount_minor: number;
  total_minor: number;
}

export const termById = (id: string): Term | undefined => TERMS.find((term) => term.id === id);

export const termOf = (unit: TermUnit, count: number): Term =>
  TERMS.find((term) => term.unit === unit && term.count === count) ?? {
    id: `${count}${unit === 'day' ? 'd' : 'm'}`,
    unit,
    count,
    discountPercent: 0,
  };

/** A line's price before the term discount: months times the monthly price, or days at a thirtieth. */
function lineMinor(monthMinor: number, quantity: number, term: Term): number {
  return term.unit === 'month'
    ? monthMinor * quantity * term.count
    : Math.ceil((monthMinor * quantity * term.count) / DAYS_PER_MONTH);
}

/** The price of covering `items` for `term`, in integer minor units; the discount rounds down. */
export function quote(items: readonly SubscriptionItem[], term: Term, currency: Currency): Quote {
  const lines = items.map((item) => {
    const month = monthlyPriceMinor(item.kind, currency);
    return { ...item, month_minor: month, amount_minor: lineMinor(month, item.quantity, term) };
  });
  const full = lines.reduce((sum, line) => sum + line.amount_minor, 0);
  const discount = Math.floor((full * term.discountPercent) / 100);
  return { currency, term, lines, full_minor: full, discount_minor: discount, total_minor: full - discount };
}

/** The end of a term that starts at `start`: calendar months (the 31st clamps to the month's end), or days. */
export function termEnd(start: Date, unit: TermUnit, count: number): Date {
  if (unit === 'day') return new Date(start.getTime() + count * 86_400_000);
  const end = new Date(start.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + count);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}
