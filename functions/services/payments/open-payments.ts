import { and, count, eq, gt, inArray, isNotNull, or } from 'drizzle-orm';
import { accounts, transactions } from '../../../db/schema';
import type { Tx } from '../../engine/holds';
import type { Currency } from '../../shared/constants';

/**
 * How long a payment page may still be paid: T-Bank's link and Stripe's Checkout Session live 24
 * hours by default; reconciliation keeps asking about them for twice that.
 */
export const PAYMENT_LINK_LIFETIME_MS = 48 * 3_600_000;

/**
 * The account's row locked for the rest of the caller's transaction, and its currency now: a payment
 * that starts and a currency change are serialised by it, so neither slips past the other.
 */
export async function lockedCurrency(tx: Tx, accountId: string): Promise<Currency | null> {
  const [row] = await tx
    .select({ currency: accounts.currency })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .for('update');
  return row?.currency ?? null;
}

/**
 * The account's invoices not paid yet (issued after `since`, when given): each may still be paid by
 * a bank transfer, in roubles.
 */
export async function openInvoiceCount(tx: Tx, accountId: string, since?: Date): Promise<number> {
  const [row] = await tx
    .select({ open: count() })
    .from(transactions)
    .where(
      and(
        eq(transactions.accountId, accountId),
        eq(transactions.operation, 'invoice'),
        eq(transactions.status, 'not_paid'),
        since ? gt(transactions.createdAt, since) : undefined,
      ),
    );
  return row?.open ?? 0;
}

/**
 * Whether money may still arrive in the account's current currency: an unpaid invoice, or a top-up
 * whose payment page is still payable or being made (a failed or expired one has lost its link).
 */
export async function hasOpenPayment(tx: Tx, accountId: string, now: Date): Promise<boolean> {
  if ((await openInvoiceCount(tx, accountId)) > 0) return true;
  const [link] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.accountId, accountId),
        eq(transactions.status, 'not_paid'),
        inArray(transactions.provider, ['tbank', 'stripe']),
        // A page not yet received from the provider ("NEW", no URL) counts: it is about to be shown.
        or(isNotNull(transactions.paymentUrl), eq(transactions.providerStatus, 'NEW')),
        gt(transactions.createdAt, new Date(now.getTime() - PAYMENT_LINK_LIFETIME_MS)),
      ),
    )
    .limit(1);
  return link !== undefined;
}
