import { eq } from 'drizzle-orm';
import {
  type Account,
  type Subscription,
  type SubscriptionItem,
  subscriptionItems,
  subscriptions,
} from '../../../db/schema';
import type { Tx } from '../../engine/holds';
import type { Db } from '../../ports/db';
import { AppError } from '../../shared/app-error';
import { formatMoney } from '../../shared/money';
import type { BuyInput, SubscriptionItemsInput } from '../../shared/schemas/subscription';
import { isSellableKind } from '../../shared/sellable-kinds';
import type { AccountContext } from '../context';
import { balanceOf, grantWelcomeCredit } from './balance';
import { ownSubscription } from './own-subscription';
import { paySubscription } from './pay-subscription';
import { type Quote, quote, termById, termOf } from './pricing';

function quoteFor(ctx: AccountContext, items: SubscriptionItemsInput, termId: string): Quote {
  const term = termById(termId);
  if (!term)
    throw new AppError('validation_failed', 'validation_failed', { fields: { term: 'invalid_value' } });
  return quote(items, term, ctx.account.currency);
}

/** POST /api/subscription: the price of what the constructor built, and what the balance lacks. */
export async function quoteSubscription(
  ctx: AccountContext,
  input: { items: SubscriptionItemsInput; term: string },
) {
  const priced = quoteFor(ctx, input.items, input.term);
  const balance = await balanceOf(ctx.ports.db, ctx.account, ctx.ports.clock.now());
  return {
    currency: priced.currency,
    term: {
      id: priced.term.id,
      unit: priced.term.unit,
      count: priced.term.count,
      discount_percent: priced.term.discountPercent,
    },
    items: priced.lines,
    full_minor: priced.full_minor,
    discount_minor: priced.discount_minor,
    total_minor: priced.total_minor,
    balance_minor: balance.totalMinor,
    missing_minor: Math.max(0, priced.total_minor - balance.totalMinor),
  };
}

/** An unpaid subscription (inactive) of these items, priced now; it starts when it is paid. */
export const createUnpaid = (
  db: Db,
  account: Account,
  now: Date,
  items: readonly SubscriptionItem[],
  priced: Quote,
  renewalOf: string | null,
): Promise<Subscription | null> =>
  db.transaction((tx) => insertUnpaid(tx, account, now, items, priced, renewalOf));

/** createUnpaid in the caller's transaction. */
export async function insertUnpaid(
  tx: Tx,
  account: Account,
  now: Date,
  items: readonly SubscriptionItem[],
  priced: Quote,
  renewalOf: string | null,
): Promise<Subscription | null> {
  const [row] = await tx
    .insert(subscriptions)
    .values({
      accountId: account.id,
      startsAt: now,
      expiresAt: now,
      termUnit: priced.term.unit,
      termCount: priced.term.count,
      priceMinor: priced.total_minor,
      currency: priced.currency,
      renewalOf,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  await tx
    .insert(subscriptionItems)
    .values(items.map((item) => ({ subscriptionId: row.id, accountId: account.id, ...item })));
  return row;
}

const itemsOf = (db: Db, subscriptionId: string): Promise<SubscriptionItem[]> =>
  db
    .select({ kind: subscriptionItems.kind, quantity: subscriptionItems.quantity })
    .from(subscriptionItems)
    .where(eq(subscriptionItems.subscriptionId, subscriptionId));

/**
 * The renewal of a subscription: the next period's counts (or this one's) for the same term, at
 * today's prices, without places of types that cannot be connected (sold before the constructor
 * offered only built ones); null when it has one already (one renewal per period) or nothing is left.
 */
export async function createRenewal(
  db: Db,
  account: Account,
  now: Date,
  previous: Subscription,
): Promise<Subscription | null> {
  const kept = previous.nextItems ?? (await itemsOf(db, previous.id));
  const items = kept.filter((item) => isSellableKind(item.kind));
  if (items.length === 0) return null;
  const priced = quote(items, termOf(previous.termUnit, previous.termCount), account.currency);
  return createUnpaid(db, account, now, items, priced, previous.id);
}

async function subscriptionToPay(ctx: AccountContext, input: BuyInput): Promise<Subscription> {
  if ('items' in input) {
    const { db, clock } = ctx.ports;
    const priced = quoteFor(ctx, input.items, input.term);
    const created = await createUnpaid(db, ctx.account, clock.now(), input.items, priced, null);
    if (!created) throw new Error('a new subscription could not be stored');
    return created;
  }
  if ('renew' in input) {
    const previous = await ownSubscription(ctx, input.renew);
    if (!previous.paidAt) throw new AppError('subscription_state');
    const renewal = await createRenewal(ctx.ports.db, ctx.account, ctx.ports.clock.now(), previous);
    if (!renewal) throw new AppError('subscription_state', 'subscription_renewed_already');
    return renewal;
  }
  const unpaid = await ownSubscription(ctx, input.id);
  if (unpaid.paidAt) throw new AppError('subscription_state', 'subscription_paid_already');
  return unpaid;
}

/**
 * POST /api/subscription/new: buys from the balance in one transaction. When the money is short the
 * subscription stays unpaid (inactive) and the answer is 402 with how much is missing, so the
 * owner can top up exactly that (the payment then pays it) or delete it.
 */
export async function buySubscription(ctx: AccountContext, input: BuyInput): Promise<{ id: string }> {
  const row = await subscriptionToPay(ctx, input);
  // The welcome credit counts even for an API client that never read its balance.
  await grantWelcomeCredit(ctx.ports.db, ctx.account, ctx.ports.clock.now());
  const outcome = await paySubscription(ctx.ports.db, ctx.account, row.id, ctx.ports.clock.now());
  if (outcome.paid) return { id: row.id };
  throw new AppError('insufficient_balance', 'insufficient_balance', {
    params: { missing: formatMoney(outcome.missingMinor, row.currency, ctx.lang) },
    details: { missing_minor: outcome.missingMinor, currency: row.currency, subscription_id: row.id },
  });
}
