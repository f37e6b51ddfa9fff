import type { Transaction } from '../../../db/schema';

/** A transaction as the Balance screen lists it (SPEC §3 Transaction). */
export function transactionView(row: Transaction) {
  // A card payment still open has its page; one that failed (or never got a page) has a reason.
  const waiting = row.status === 'not_paid' && row.provider !== 'invoice' && row.paymentUrl !== null;
  const failed = row.status === 'not_paid' && row.provider !== 'invoice' && row.paymentUrl === null;
  return {
    id: row.id,
    date: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    operation: row.operation,
    status: row.status,
    amount_minor: row.amountMinor,
    currency: row.currency,
    comment: row.comment,
    /** Why a payment is not paid (the provider's status or message), for the owner. */
    reason: failed ? row.providerStatus : null,
    provider: row.provider,
    subscription_id: row.subscriptionId,
    invoice_number: row.invoiceNumber,
    invoice_url: row.invoiceNumber === null ? null : `/api/transactions/${row.id}/invoice`,
    act_number: row.actNumber,
    act_url: row.actNumber === null ? null : `/api/transactions/${row.id}/act`,
    payment_url: waiting ? row.paymentUrl : null,
  };
}

export type TransactionView = ReturnType<typeof transactionView>;
