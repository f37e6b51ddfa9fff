import { and, eq } from 'drizzle-orm';
import { recurrentPayments, type Transaction, transactions } from '../../../db/schema';
import type { Tx } from '../../engine/holds';
import type { AppSettings } from '../../ports';
import type { Db } from '../../ports/db';
import type { PaymentEvent, PaymentProviderName } from '../../ports/payments';
import { sealSecret } from '../../secrets/secret-box';
import { isUuid } from '../../shared/uuid';
import { creditPayment } from './credit-payment';
import { refundPayment } from './refund-payment';

/** `ignored`: a refund reported for a payment that was never paid (nothing to take back). */
export type Applied =
  | 'credited'
  | 'refunded'
  | 'failed'
  | 'pending'
  | 'duplicate'
  | 'ignored'
  | 'unknown'
  | 'mismatch';

/**
 * Why an event is not about this order's payment, or null when it is: the provider's payment id is
 * the one the order was started with (a paid event for an order that never got one is refused,
 * except a renewal's, see below), and the currency, when reported, is the order's.
 */
function foreignPayment(row: Transaction, event: PaymentEvent): string | null {
  const expected = row.providerPaymentId;
  const settles = event.state === 'paid' || event.state === 'refunded';
  // A renewal is charged once, by us, off-session: its order id names that one charge. A Stripe
  // charge's id comes only with its answer; when the answer was lost, the charge's own event
  // (metadata.order_id) brings it, and the row takes it when credited.
  const adoptable = row.operation === 'renewal' && event.providerPaymentId !== '';
  if (expected !== null ? expected !== event.providerPaymentId : settles && !adoptable)
    return `reported for payment ${event.providerPaymentId || '(none)'}, started as ${expected ?? '(none)'}`;
  if (event.currency !== undefined && event.currency.toLowerCase() !== row.currency)
    return `paid in ${event.currency.toLowerCase()}, expected ${row.currency}`;
  return null;
}

/** Where a saved card's token is sealed (bound as the AES-GCM additional data). */
export const METHOD_LABEL = 'recurrent_payments.method';

/**
 * Applies one provider event to its transaction, exactly once however often it arrives: under the
 * transaction's row lock, a paid event moves it to paid, credits the ledger (one row per
 * transaction, unique), saves the card when the payer asked, and pays the subscription the top-up
 * was for; a failed one leaves it "not paid" with the reason. A paid transaction changes only to
 * refunded, by a full refund of the same payment for its whole amount (see applyRefund); a refunded
 * one never changes again.
 */
export async function applyPaymentEvent(
  db: Db,
  settings: AppSettings,
  provider: PaymentProviderName,
  event: PaymentEvent,
  now: Date,
): Promise<Applied> {
  const sealed = event.savedMethod
    ? JSON.stringify(await sealSecret(settings.secretsKey, METHOD_LABEL, event.savedMethod.token))
    : null;
  // Another product's order on the same provider account (any id, or none) is not ours.
  if (!isUuid(event.orderId)) return 'unknown';
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(transactions)
      .where(and(eq(transactions.id, event.orderId), eq(transactions.provider, provider)))
      .for('update');
    if (!row) return 'unknown';
    if (event.state === 'refunded') return applyRefund(tx, provider, row, event, now);
    if (row.status === 'paid' || row.status === 'refunded') return 'duplicate';
    const foreign = foreignPayment(row, event);
    if (foreign) {
      // Not this order's payment (another session or intent, another currency): it changes nothing.
      console.error(`payment ${row.id}: ${foreign}; not credited`);
      return 'mismatch';
    }
    if (event.state === 'pending') {
      await tx
        .update(transactions)
        .set({ providerStatus: event.providerStatus })
        .where(eq(transactions.id, row.id));
      return 'pending';
    }
    if (event.state === 'failed') {
      const reason = [event.providerStatus, event.failureMessage].filter(Boolean).join(': ');
      await tx
        .update(transactions)
        // The page cannot be paid any more: no link, and the reason instead.
        .set({ status: 'not_paid', providerStatus: reason.slice(0, 500), paymentUrl: null })
        .where(eq(transactions.id, row.id));
      return 'failed';
    }
    if (event.amountMinor !== row.amountMinor) {
      console.error(
        `payment ${row.id}: paid ${event.amountMinor}, expected ${row.amountMinor}; not credited`,
      );
      await tx
        .update(transactions)
        .set({ providerStatus: 'AMOUNT_MISMATCH' })
        .where(eq(transactions.id, row.id));
      return 'mismatch';
    }
    await tx
      .update(transactions)
      .set({
        status: 'paid',
        paidAt: now,
        providerStatus: event.providerStatus,
        providerPaymentId: row.providerPaymentId ?? event.providerPaymentId,
      })
      .where(eq(transactions.id, row.id));
    await creditPayment(tx, row, `${provider} ${event.providerPaymentId}`, now);
    if (sealed && event.savedMethod && row.saveMethod) {
      await tx
        .insert(recurrentPayments)
        .values({
          accountId: row.accountId,
          provider,
          currency: row.currency,
          purpose: 'subscriptions',
          methodSealed: sealed,
          label: event.savedMethod.label,
          sourceTransactionId: row.id,
          createdAt: now,
        })
        .onConflictDoNothing();
    }
    return 'credited';
  });
}

/**
 * A full refund of a paid transaction, under its row lock: paid → refunded with the provider's
 * status, then the money back (refundPayment). Exactly once because only a paid row moves: a
 * redelivery finds it refunded ('duplicate'); a refund of an order never paid takes nothing
 * ('ignored'); another payment's refund, or one for another amount, changes nothing ('mismatch').
 */
async function applyRefund(
  tx: Tx,
  provider: PaymentProviderName,
  row: Transaction,
  event: PaymentEvent,
  now: Date,
): Promise<Applied> {
  if (row.status === 'refunded') return 'duplicate';
  if (row.status !== 'paid') return 'ignored';
  const foreign =
    foreignPayment(row, event) ??
    (event.amountMinor !== row.amountMinor ? `refunded ${event.amountMinor}, paid ${row.amountMinor}` : null);
  if (foreign) {
    console.error(`payment ${row.id}: ${foreign}; refund not applied`);
    return 'mismatch';
  }
  await tx
    .update(transactions)
    .set({ status: 'refunded', providerStatus: event.providerStatus })
    .where(eq(transactions.id, row.id));
  await refundPayment(tx, row, `${provider} ${event.providerPaymentId}`, now);
  return 'refunded';
}
