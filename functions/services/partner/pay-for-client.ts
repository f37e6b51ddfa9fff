import { and, eq } from 'drizzle-orm';
import {
  type Account,
  balanceEntries,
  type PartnerEntry,
  partnerEntries,
  subscriptionItems,
  subscriptions,
  transactions,
} from '../../../db/schema';
import { lockAccount, type Tx } from '../../engine/holds';
import { AppError } from '../../shared/app-error';
import type { PartnerStatus } from '../../shared/partner-programme';
import type { ClientPayment, ClientPurchase } from '../../shared/schemas/partner';
import { insertUnpaid } from '../billing/buy-subscription';
import { startPaidPeriod } from '../billing/pay-subscription';
import { termById } from '../billing/pricing';
import type { AccountContext } from '../context';
import { type ClientOffer, clientOffer, partnerPrice, sameCurrency } from './client-offer';
import { partnerBalanceOf, partnerStatusOf } from './partner-balance';
import { ownClient } from './partner-only';

/** POST /api/partner/clients/:id/quote: the client's price, the partner's discount and what it pays. */
export async function quoteForClient(ctx: AccountContext, clientId: string, purchase: ClientPurchase) {
  const client = await ownClient(ctx, clientId);
  const partner = ctx.account;
  sameCurrency(partner, client);
  const offer = await clientOffer(ctx, client, purchase);
  const { db } = ctx.ports;
  const [status, balance] = await Promise.all([
    partnerStatusOf(db, partner.id),
    partnerBalanceOf(db, partner),
  ]);
  const price = partnerPrice(offer, status);
  return {
    currency: client.currency,
    full_minor: offer.fullMinor,
    discount_percent: status.discountPercent,
    discount_minor: price.discountMinor,
    total_minor: price.totalMinor,
    balance_minor: balance,
    missing_minor: Math.max(0, price.totalMinor - balance),
    ...(offer.kind === 'new_subscription'
      ? {
          term: {
            id: offer.priced.term.id,
            unit: offer.priced.term.unit,
            count: offer.priced.term.count,
            discount_percent: offer.priced.term.discountPercent,
          },
          items: offer.priced.lines,
        }
      : {}),
  };
}

const paymentFailed = (details?: Record<string, unknown>) =>
  new AppError('partner_payment_failed', 'partner_payment_failed', details ? { details } : {});

const answerOf = (entry: PartnerEntry, balance: number) => ({
  operation_id: entry.id,
  subscription_id: entry.subscriptionId,
  total_minor: -entry.amountMinor,
  balance_minor: balance,
});

interface Settlement {
  partner: Account;
  client: Account;
  status: PartnerStatus;
  requestId: string;
  now: Date;
}

async function paidMeanwhile(tx: Tx, subscriptionId: string): Promise<boolean> {
  const [row] = await tx
    .select({ paidAt: subscriptions.paidAt })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  return Boolean(row?.paidAt);
}

/** The client's side of a paid subscription: the period starts, its record says the partner paid. */
async function settleSubscription(tx: Tx, s: Settlement, offer: ClientOffer) {
  const subscription =
    offer.kind === 'new_subscription'
      ? await insertUnpaid(tx, s.client, s.now, offer.items, offer.priced, null)
      : offer.kind === 'unpaid_subscription'
        ? offer.subscription
        : null;
  if (!subscription) throw new Error('no subscription to pay');
  const [locked] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscription.id), eq(subscriptions.accountId, s.client.id)))
    .for('update');
  // Deleted, or paid by the client or another payment meanwhile: nothing is taken.
  if (!locked) throw new AppError('not_found', 'subscription_not_found');
  if (locked.paidAt) throw new AppError('subscription_state', 'subscription_paid_already');
  const [record] = await tx
    .insert(transactions)
    .values({
      accountId: s.client.id,
      operation: 'subscription',
      status: 'paid',
      amountMinor: locked.priceMinor,
      currency: locked.currency,
      provider: 'partner',
      subscriptionId: locked.id,
      comment: 'paid by partner',
      createdAt: s.now,
      paidAt: s.now,
    })
    .returning({ id: transactions.id });
  await startPaidPeriod(tx, locked, s.now);
  return { transactionId: record?.id ?? null, subscriptionId: locked.id };
}

/** The client's side of a top-up: a paid transaction and its money on the client's balance. */
async function settleTopUp(tx: Tx, s: Settlement, amountMinor: number) {
  const [record] = await tx
    .insert(transactions)
    .values({
      accountId: s.client.id,
      operation: 'top_up',
      status: 'paid',
      amountMinor,
      currency: s.client.currency,
      provider: 'partner',
      comment: 'paid by partner',
      createdAt: s.now,
      paidAt: s.now,
    })
    .returning({ id: transactions.id });
  await tx.insert(balanceEntries).values({
    accountId: s.client.id,
    amountMinor,
    currency: s.client.currency,
    kind: 'partner_transfer',
    transactionId: record?.id,
    comment: 'partner',
    createdAt: s.now,
  });
  return { transactionId: record?.id ?? null, subscriptionId: null };
}

/**
 * Whether the payment a request id already made is the one asked again: the same client, and the
 * same top-up amount, the same unpaid subscription, or a new subscription with the same term and items.
 */
async function samePurchase(tx: Tx, done: PartnerEntry, client: Account, purchase: ClientPurchase) {
  if (done.clientAccountId !== client.id) return false;
  if ('amount_minor' in purchase)
    return done.kind === 'client_top_up' && done.baseMinor === purchase.amount_minor;
  if (done.kind !== 'client_subscription' || !done.subscriptionId) return false;
  if ('subscription_id' in purchase) return done.subscriptionId === purchase.subscription_id;
  const term = termById(purchase.term);
  const [paid] = await tx
    .select({ unit: subscriptions.termUnit, count: subscriptions.termCount })
    .from(subscriptions)
    .where(eq(subscriptions.id, done.subscriptionId));
  if (!term || !paid || paid.unit !== term.unit || paid.count !== term.count) return false;
  const items = await tx
    .select({ kind: subscriptionItems.kind, quantity: subscriptionItems.quantity })
    .from(subscriptionItems)
    .where(eq(subscriptionItems.subscriptionId, done.subscriptionId));
  const key = (list: readonly { kind: string; quantity: number }[]) =>
    list
      .map((item) => `${item.kind}:${item.quantity}`)
      .sort()
      .join(',');
  return key(items) === key(purchase.items);
}

/**
 * POST /api/partner/clients/:id/pay: pays the client's subscription or tops up its balance from the
 * partner balance at the partner's discount, in one transaction under the partner's row lock (then
 * the client's): one row on the partner ledger, one record on the client's side, or nothing. The
 * request id makes a repeated request answer what the first did; parallel ones wait on the lock. The
 * same id with another client or purchase is refused (409 request_id_reused) and pays nothing.
 */
export async function payForClient(ctx: AccountContext, clientId: string, payment: ClientPayment) {
  const client = await ownClient(ctx, clientId);
  const partner = ctx.account;
  sameCurrency(partner, client);
  const { request_id: requestId, ...purchase } = payment;
  const now = ctx.ports.clock.now();
  const replay = async (tx: Tx) => {
    const [done] = await tx
      .select()
      .from(partnerEntries)
      .where(and(eq(partnerEntries.partnerAccountId, partner.id), eq(partnerEntries.requestId, requestId)));
    if (!done) return null;
    // The id answers a repeat of the same request only: another client or purchase is refused, changing nothing.
    if (!(await samePurchase(tx, done, client, purchase)))
      throw new AppError('request_id_reused', 'request_id_reused');
    return answerOf(done, await partnerBalanceOf(tx, partner));
  };
  const repeated = await ctx.ports.db.transaction(replay);
  if (repeated) return { created: false, ...repeated };
  const offer = await clientOffer(ctx, client, purchase);
  try {
    const answer = await ctx.ports.db.transaction(async (tx) => {
      await lockAccount(tx, partner.id);
      const done = await replay(tx);
      if (done) return { created: false, ...done };
      // A parallel payment of the same subscription paid it while this one waited: that is the answer, not the balance.
      if (offer.kind === 'unpaid_subscription' && (await paidMeanwhile(tx, offer.subscription.id)))
        throw new AppError('subscription_state', 'subscription_paid_already');
      const status = await partnerStatusOf(tx, partner.id);
      const price = partnerPrice(offer, status);
      const balance = await partnerBalanceOf(tx, partner);
      if (balance < price.totalMinor) throw paymentFailed({ missing_minor: price.totalMinor - balance });
      await lockAccount(tx, client.id);
      const settlement = { partner, client, status, requestId, now };
      const side =
        offer.kind === 'top_up'
          ? await settleTopUp(tx, settlement, offer.fullMinor)
          : await settleSubscription(tx, settlement, offer);
      const [entry] = await tx
        .insert(partnerEntries)
        .values({
          partnerAccountId: partner.id,
          amountMinor: -price.totalMinor,
          currency: partner.currency,
          kind: offer.kind === 'top_up' ? 'client_top_up' : 'client_subscription',
          clientAccountId: client.id,
          transactionId: side.transactionId,
          subscriptionId: side.subscriptionId,
          requestId,
          baseMinor: offer.fullMinor,
          ratePercent: status.discountPercent,
          status: status.id,
          comment: client.name,
          createdAt: now,
        })
        .returning();
      if (!entry) throw new Error('the partner entry was not stored');
      return { created: true, ...answerOf(entry, balance - price.totalMinor) };
    });
    return answer;
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A request id written by a parallel request between our look and our insert: its answer stands.
    const late = await ctx.ports.db.transaction(replay).catch((lookup) => {
      if (lookup instanceof AppError) throw lookup;
      return null;
    });
    if (late) return { created: false, ...late };
    console.error(`partner ${partner.id}: paying for client ${client.id} failed`, error);
    throw paymentFailed();
  }
}
