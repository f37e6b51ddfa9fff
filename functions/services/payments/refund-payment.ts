import { balanceEntries, partnerEntries, type Transaction } from '../../../db/schema';
import type { Tx } from '../../engine/holds';
import { reverseEarning } from '../partner/earnings';

/**
 * The money of a paid transaction the provider refunded in full, taken back: one negative ledger
 * row on the balance it was credited to, and the partner's share of it reversed. In the caller's
 * transaction, after it moved the transaction from paid to refunded under its row lock: that
 * transition is what makes this happen once (the balance row cannot carry the transaction id, which
 * is unique there and already names the credit, so the id goes into its comment instead).
 *
 * The account's balance may go below zero when the money was already spent (answers, a
 * subscription it paid for): that is where the money truly stands, and the gates read it so.
 */
export async function refundPayment(tx: Tx, row: Transaction, comment: string, now: Date): Promise<void> {
  if (row.purse === 'partner') {
    await tx.insert(partnerEntries).values({
      partnerAccountId: row.accountId,
      amountMinor: -row.amountMinor,
      currency: row.currency,
      kind: 'top_up_refund',
      transactionId: row.id,
      comment,
      createdAt: now,
    });
  } else {
    await tx.insert(balanceEntries).values({
      accountId: row.accountId,
      amountMinor: -row.amountMinor,
      currency: row.currency,
      kind: 'refund',
      transactionId: null,
      comment: `refund of ${row.id} (${comment})`,
      createdAt: now,
    });
  }
  await reverseEarning(tx, row, now);
}
