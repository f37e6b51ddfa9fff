import { eq, sql } from 'drizzle-orm';
import { transactions } from '../../../db/schema';
import type { Db } from '../../ports/db';
import { creditPayment } from './credit-payment';

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
    await creditPayment(tx, row, `invoice ${invoiceNumber}`, now);
    return {
      kind: 'paid',
      accountId: row.accountId,
      amountMinor: row.amountMinor,
      actNumber: updated?.actNumber ?? 0,
    };
  });
}
