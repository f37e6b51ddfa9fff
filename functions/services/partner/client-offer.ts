import { and, eq } from 'drizzle-orm';
import { type Account, type Subscription, type SubscriptionItem, subscriptions } from '../../../db/schema';
import type { Db } from '../../ports/db';
import { AppError } from '../../shared/app-error';
import { formatMoney } from '../../shared/money';
import { type PartnerStatus, percentOf } from '../../shared/partner-programme';
import type { ClientPurchase } from '../../shared/schemas/partner';
import { TOP_UP_LIMITS_MINOR } from '../../shared/schemas/payment';
import { type Quote, quote, termById } from '../billing/pricing';
import type { AccountContext } from '../context';

/** What a partner is about to pay for a client, at the client's price in the client's currency. */
export type ClientOffer =
  | { kind: 'new_subscription'; fullMinor: number; items: readonly SubscriptionItem[]; priced: Quote }
  | { kind: 'unpaid_subscription'; fullMinor: number; subscription: Subscription }
  | { kind: 'top_up'; fullMinor: number };

/** The partner's price of an offer: the client's price less the status's discount (rounded down). */
export function partnerPrice(offer: ClientOffer, status: PartnerStatus) {
  const discount = percentOf(offer.fullMinor, status.discountPercent);
  return { discountMinor: discount, totalMinor: offer.fullMinor - discount };
}

/**
 * A client in another currency is not paid for: the partner balance holds the partner's currency
 * and a client is priced at its own currency's tariff, so only matching currencies meet.
 */
export function sameCurrency(partner: Account, client: Account): void {
  if (partner.currency === client.currency) return;
  throw new AppError('partner_currency_mismatch', 'partner_currency_mismatch', {
    params: { client: client.currency.toUpperCase(), partner: partner.currency.toUpperCase() },
  });
}

async function unpaidSubscription(db: Db, client: Account, id: string): Promise<Subscription> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.accountId, client.id)));
  if (!row) throw new AppError('not_found', 'subscription_not_found');
  if (row.paidAt) throw new AppError('subscription_state', 'subscription_paid_already');
  return row;
}

/** Prices what the partner asked to pay for the client; bad input is a 4xx with the field named. */
export async function clientOffer(
  ctx: AccountContext,
  client: Account,
  purchase: ClientPurchase,
): Promise<ClientOffer> {
  if ('items' in purchase) {
    const term = termById(purchase.term);
    if (!term)
      throw new AppError('validation_failed', 'validation_failed', { fields: { term: 'invalid_value' } });
    const priced = quote(purchase.items, term, client.currency);
    return { kind: 'new_subscription', fullMinor: priced.total_minor, items: purchase.items, priced };
  }
  if ('subscription_id' in purchase) {
    const subscription = await unpaidSubscription(ctx.ports.db, client, purchase.subscription_id);
    return { kind: 'unpaid_subscription', fullMinor: subscription.priceMinor, subscription };
  }
  const limits = TOP_UP_LIMITS_MINOR[client.currency];
  if (purchase.amount_minor < limits.min || purchase.amount_minor > limits.max) {
    throw new AppError('validation_failed', 'validation_failed', {
      fields: { amount_minor: 'amount_range' },
      params: {
        min: formatMoney(limits.min, client.currency, ctx.lang),
        max: formatMoney(limits.max, client.currency, ctx.lang),
      },
    });
  }
  return { kind: 'top_up', fullMinor: purchase.amount_minor };
}
