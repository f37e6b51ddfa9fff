import { eq, sql } from 'drizzle-orm';
import { accounts, balanceEntries, transactions } from '../../../db/schema';
import type { Db } from '../../ports/db';
import { paySubscriptionIn } from '../billing/pay-subscription';

export type InvoicePayment =
  | { kind: 'paid'; accountId: string; amountMinor: number; actNumber: number }
  | { kind: 'already_paid'; actNumber: number | null }
  | { kind: 'not_found' };

/**
 * The operator's "this invoice was paid" (npm run billing -- mark-paid N): the transaction turns
 * paid with an act number, the balance is credited once (the ledger row is unique per transaction),
 * and a subscription waiting for the money is paid. Marking it again changes nothing.
 */
export async function markInvoicePaid(db: Db, invoiceNumber: number, now: Date): Promise<InvoicePayment> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(transactions)
      .where(eq(transactions.invoiceNumber, invoiceNumber))
      .for('update');
    if (row?.operation !== 'invoice') return { kind: 'not_found' };
    if (row.status === 'paid') return { kind: 'already_paid', actNumber: row.actNumber };
    const [updated] = await tx
      .update(transactions)
      .set({ status: 'paid', paidAt: now, actNumber: sql`nextval('act_numbers')` })
      .where(eq(transactions.id, row.id))
      .returning({ actNumber: transactions.actNumber });
    await tx.insert(balanceEntries).values({
      accountId: row.accountId,
      amountMinor: row.amountMinor,
      currency: row.currency,
      kind: 'top_up',
      transactionId: row.id,
      comment: `invoice ${invoiceNumber}`,
      createdAt: now,
    });
    if (row.subscriptionId) {
      const [account] = await tx.select().from(accounts).where(eq(accounts.id, row.accountId));
      if (account) await paySubscriptionIn(tx, account, row.subscriptionId, now);
    }
    return {
      kind: 'paid',
      accountId: row.accountId,
      amountMinor: row.amountMinor,
      actNumber: updated?.actNumber ?? 0,
    };
  });
}
