import { eq } from 'drizzle-orm';
import { accounts, balanceEntries, partnerEntries, type Transaction } from '../../../db/schema';
import type { Tx } from '../../engine/holds';
import { paySubscriptionIn } from '../billing/pay-subscription';
import { emitEvent } from '../event-webhooks/emit';
import { earnOnPayment } from '../partner/earnings';

/**
 * The money of a paid transaction (a card payment, a paid invoice): its one ledger row (unique per
 * transaction, so a second credit fails instead of doubling) on the balance it was for (the
 * account's, or its partner balance), the partner's share of it, then the subscription it was for,
 * paid from the balance. In the caller's transaction, after it marked the transaction paid, with
 * its payment.succeeded event (event webhooks' outbox; the minute's sweep sends it).
 */
export async function creditPayment(tx: Tx, row: Transaction, comment: string, now: Date): Promise<void> {
  await emitEvent(tx, now, {
    accountId: row.accountId,
    type: 'payment.succeeded',
    data: {
      payment_id: row.id,
      amount_minor: row.amountMinor,
      currency: row.currency,
      operation: row.operation,
      purse: row.purse,
      subscription_id: row.subscriptionId,
      invoice_number: row.invoiceNumber,
      provider: row.provider,
    },
  });
  if (row.purse === 'partner') {
    await tx.insert(partnerEntries).values({
      partnerAccountId: row.accountId,
      amountMinor: row.amountMinor,
      currency: row.currency,
      kind: 'top_up',
      transactionId: row.id,
      comment,
      createdAt: now,
    });
    return;
  }
  await tx.insert(balanceEntries).values({
    accountId: row.accountId,
    amountMinor: row.amountMinor,
    currency: row.currency,
    kind: 'top_up',
    transactionId: row.id,
    comment,
    createdAt: now,
  });
  await earnOnPayment(tx, row, now);
  if (!row.subscriptionId) return;
  const [account] = await tx.select().from(accounts).where(eq(accounts.id, row.accountId));
  if (account) await paySubscriptionIn(tx, account, row.subscriptionId, now);
}
