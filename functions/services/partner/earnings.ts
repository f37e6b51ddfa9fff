import { and, eq } from 'drizzle-orm';
import {
  type Account,
  partnerEntries,
  type Subscription,
  subscriptionItems,
  type Transaction,
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

/** Takes back what a payment earned when the provider refunded it, once (unique per payment). */
export async function reverseEarning(tx: Tx, payment: Transaction, now: Date): Promise<void> {
  const [earned] = await tx
    .select()
    .from(partnerEntries)
    .where(and(eq(partnerEntries.transactionId, payment.id), eq(partnerEntries.kind, 'earning')));
  if (!earned) return;
  await tx
    .insert(partnerEntries)
    .values({
      partnerAccountId: earned.partnerAccountId,
      amountMinor: -earned.amountMinor,
      currency: earned.currency,
      kind: 'earning_reversal',
      clientAccountId: earned.clientAccountId,
      transactionId: payment.id,
      baseMinor: earned.baseMinor,
      ratePercent: earned.ratePercent,
      status: earned.status,
      comment: 'refund',
      createdAt: now,
    })
    .onConflictDoNothing();
}

/**
 * Wazzup's referral bonus (SPEC §6): after a client's subscription with a Wazzup place for a month
 * or more is paid, however it was paid, its partner gets the bonus once per client.
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
  await tx
    .insert(partnerEntries)
    .values({
      partnerAccountId: partner.id,
      amountMinor: bonus,
      currency: partner.currency,
      kind: 'wazzup_bonus',
      clientAccountId: client.id,
      subscriptionId: paid.id,
      comment: 'wazzup',
      createdAt: now,
    })
    .onConflictDoNothing();
}
