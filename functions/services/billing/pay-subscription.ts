import { and, eq } from 'drizzle-orm';
import {
  type Account,
  balanceEntries,
  type Subscription,
  subscriptions,
  transactions,
} from '../../../db/schema';
import { available, lockAccount, type Tx } from '../../engine/holds';
import type { Db } from '../../ports/db';
import { creditWazzupBonus } from '../partner/earnings';
import { termEnd } from './pricing';

export type PaymentOutcome = { paid: true } | { paid: false; missingMinor: number };

/**
 * Pays an unpaid subscription from the balance, in the caller's transaction, under the account's
 * row lock: a write-off transaction, its ledger row and the subscription's dates, or nothing when
 * the money (the ledger less the live answer holds) is short. Paying a paid one again is a no-op.
 */
export async function paySubscriptionIn(
  tx: Tx,
  account: Account,
  subscriptionId: string,
  now: Date,
): Promise<PaymentOutcome> {
  await lockAccount(tx, account.id);
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.accountId, account.id)))
    .for('update');
  // Deleted meanwhile: nothing to pay, and the money stays on the balance.
  if (!row) return { paid: false, missingMinor: 0 };
  if (row.paidAt) return { paid: true };
  const free = await available(tx, account, now);
  if (free < row.priceMinor) return { paid: false, missingMinor: row.priceMinor - Math.max(free, 0) };
  const [writeOff] = await tx
    .insert(transactions)
    .values({
      accountId: account.id,
      operation: 'subscription',
      status: 'write_off',
      amountMinor: row.priceMinor,
      currency: row.currency,
      provider: 'balance',
      subscriptionId: row.id,
      comment: row.renewalOf ? 'renewal' : 'purchase',
      createdAt: now,
      paidAt: now,
    })
    .returning({ id: transactions.id });
  await tx.insert(balanceEntries).values({
    accountId: account.id,
    amountMinor: -row.priceMinor,
    currency: row.currency,
    kind: 'subscription',
    transactionId: writeOff?.id,
    comment: `subscription ${row.id}`,
    createdAt: now,
  });
  await startPaidPeriod(tx, row, now);
  // Paid from the client's own balance: Wazzup's bonus may follow (only for a card or invoice payment made for it).
  await creditWazzupBonus(tx, account, row, now);
  return { paid: true };
}

/**
 * Marks a subscription paid now: its period starts now, or where the subscription it renews ends
 * (in advance). Under the account's lock, in the payment's transaction. Wazzup's bonus is the
 * balance payment's business (paySubscriptionIn), not a partner's payment's.
 */
export async function startPaidPeriod(tx: Tx, row: Subscription, now: Date): Promise<void> {
  let startsAt = now;
  if (row.renewalOf) {
    const [previous] = await tx
      .select({ expiresAt: subscriptions.expiresAt })
      .from(subscriptions)
      .where(eq(subscriptions.id, row.renewalOf));
    if (previous && previous.expiresAt > now) startsAt = previous.expiresAt;
  }
  await tx
    .update(subscriptions)
    .set({ paidAt: now, startsAt, expiresAt: termEnd(startsAt, row.termUnit, row.termCount) })
    .where(eq(subscriptions.id, row.id));
}

export const paySubscription = (db: Db, account: Account, subscriptionId: string, now: Date) =>
  db.transaction((tx) => paySubscriptionIn(tx, account, subscriptionId, now));
