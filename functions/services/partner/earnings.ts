import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  type Account,
  balanceEntries,
  partnerEntries,
  type Subscription,
  subscriptionItems,
  type Transaction,
  transactions,
} from '../../../db/schema';
import type { Tx } from '../../engine/holds';
import { percentOf, WAZZUP_BONUS_MINOR } from '../../shared/partner-programme';
import { earningPartnerOf, partnerStatusOf } from './partner-balance';

/** Payments with money from outside (a card, an invoice): what a partner earns a share of. */
const EARNING_PROVIDERS = new Set<Transaction['provider']>(['tbank', 'stripe', 'invoice']);

/**
 * The partner's share of a settled payment of one of its clients or referred accounts, credited to
 * the partner balance in the payment's transaction, once (unique per payment): the subscription
 * share when the money was for a subscription, otherwise the transaction share, at the partner's
 * status now. Payments in another currency than the partner's earn nothing (docs/partners.md).
 */
export async function earnOnPayment(tx: Tx, payment: Transaction, now: Date): Promise<void> {
  if (payment.purse !== 'account' || !EARNING_PROVIDERS.has(payment.provider)) return;
  const partner = await earningPartnerOf(tx, payment.accountId);
  if (!partner || partner.currency !== payment.currency) return;
  const status = await partnerStatusOf(tx, partner.id);
  const forSubscription = payment.subscriptionId !== null || payment.operation === 'renewal';
  const rate = forSubscription ? status.subscriptionSharePercent : status.transactionSharePercent;
  const amount = percentOf(payment.amountMinor, rate);
  if (amount <= 0) return;
  await tx
    .insert(partnerEntries)
    .values({
      partnerAccountId: partner.id,
      amountMinor: amount,
      currency: partner.currency,
      kind: 'earning',
      clientAccountId: payment.accountId,
      transactionId: payment.id,
      baseMinor: payment.amountMinor,
      ratePercent: rate,
      status: status.id,
      comment: forSubscription ? 'subscription' : 'transaction',
      createdAt: now,
    })
    .onConflictDoNothing();
}

/**
 * Takes back what a payment earned when the provider refunded it: its share (`earning`) and the
 * Wazzup bonus it brought (`wazzup_bonus` tied to it), each by one `earning_reversal` row, once per
 * payment and kind (unique on the payment and the comment: 'refund' for the share, 'wazzup' for the
 * bonus). The partner balance may go below zero when the money was already spent, as the client's
 * balance may on a refund: that is where the money truly stands.
 */
export async function reverseEarning(tx: Tx, payment: Transaction, now: Date): Promise<void> {
  const earned = await tx
    .select()
    .from(partnerEntries)
    .where(
      and(
        eq(partnerEntries.transactionId, payment.id),
        inArray(partnerEntries.kind, ['earning', 'wazzup_bonus']),
      ),
    );
  for (const entry of earned) {
    await tx
      .insert(partnerEntries)
      .values({
        partnerAccountId: entry.partnerAccountId,
        amountMinor: -entry.amountMinor,
        currency: entry.currency,
        kind: 'earning_reversal',
        clientAccountId: entry.clientAccountId,
        transactionId: payment.id,
        subscriptionId: entry.subscriptionId,
        baseMinor: entry.baseMinor,
        ratePercent: entry.ratePercent,
        status: entry.status,
        comment: entry.kind === 'wazzup_bonus' ? 'wazzup' : 'refund',
        createdAt: now,
      })
      .onConflictDoNothing();
  }
}

/**
 * The settled payment with money from outside (a card, an invoice) that the client made for this
 * very subscription (its payment link, invoice or renewal charge), if any: the first one.
 */
async function outsidePaymentFor(tx: Tx, client: Account, paid: Subscription): Promise<Transaction | null> {
  const [payment] = await tx
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.accountId, client.id),
        eq(transactions.subscriptionId, paid.id),
        eq(transactions.purse, 'account'),
        eq(transactions.status, 'paid'),
        inArray(transactions.provider, [...EARNING_PROVIDERS]),
      ),
    )
    .orderBy(asc(transactions.paidAt), asc(transactions.id))
    .limit(1);
  return payment ?? null;
}

/** Whether the partner ever put money on the client's balance (a client top-up from the partner balance). */
async function partnerFilled(tx: Tx, client: Account): Promise<boolean> {
  const [filled] = await tx
    .select({ id: balanceEntries.id })
    .from(balanceEntries)
    .where(and(eq(balanceEntries.accountId, client.id), eq(balanceEntries.kind, 'partner_transfer')))
    .limit(1);
  return Boolean(filled);
}

/**
 * Wazzup's referral bonus (SPEC §6): when a client's subscription with a Wazzup place for a month or
 * more is paid from the client's balance in the course of a settled card or invoice payment the
 * client made for that subscription, and the partner never put money on that client's balance, its
 * partner gets the bonus once per client, tied to that payment (its refund takes the bonus back,
 * reverseEarning). Called only where the client's balance pays (paySubscriptionIn), never where the
 * partner balance does: a subscription the partner paid, or paid from money the partner put there at
 * its discount, earns no bonus, or a partner would buy 1 000 ₽ bonuses for 441 ₽ with free clients.
 */
export async function creditWazzupBonus(
  tx: Tx,
  client: Account,
  paid: Subscription,
  now: Date,
): Promise<void> {
  if (paid.termUnit !== 'month') return;
  const [wazzup] = await tx
    .select({ quantity: subscriptionItems.quantity })
    .from(subscriptionItems)
    .where(and(eq(subscriptionItems.subscriptionId, paid.id), eq(subscriptionItems.kind, 'wazzup')));
  if (!wazzup || wazzup.quantity < 1) return;
  const partner = await earningPartnerOf(tx, client.id);
  const bonus = partner ? WAZZUP_BONUS_MINOR[partner.currency] : undefined;
  if (!partner || !bonus) return;
  const payment = await outsidePaymentFor(tx, client, paid);
  if (!payment || (await partnerFilled(tx, client))) return;
  await tx
    .insert(partnerEntries)
    .values({
      partnerAccountId: partner.id,
      amountMinor: bonus,
      currency: partner.currency,
      kind: 'wazzup_bonus',
      clientAccountId: client.id,
      transactionId: payment.id,
      subscriptionId: paid.id,
      comment: 'wazzup',
      createdAt: now,
    })
    .onConflictDoNothing();
}
