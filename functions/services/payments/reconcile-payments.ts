import { and, eq, gt, inArray, isNotNull, lt } from 'drizzle-orm';
import { transactions } from '../../../db/schema';
import type { AppSettings, Ports } from '../../ports';
import { applyPaymentEvent } from './apply-payment-event';
import { PAYMENT_LINK_LIFETIME_MS } from './open-payments';

/** Payments still open are asked about while their page may be paid. */
const RECONCILE_WINDOW_MS = PAYMENT_LINK_LIFETIME_MS;
/** A payment is left alone this long first: the notification usually comes. */
const GRACE_MS = 10 * 60_000;
const BATCH = 100;

/**
 * The reconciliation schedule: card payments still "not paid" with a provider id are asked about
 * (T-Bank GetState, a Stripe session) and the answer applied like a notification, so a lost
 * notification still credits, once. Failed ones stop being asked.
 */
export async function reconcilePayments(ports: Ports, settings: AppSettings): Promise<void> {
  const now = ports.clock.now();
  const open = await ports.db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.status, 'not_paid'),
        inArray(transactions.provider, ['tbank', 'stripe']),
        isNotNull(transactions.providerPaymentId),
        gt(transactions.createdAt, new Date(now.getTime() - RECONCILE_WINDOW_MS)),
        lt(transactions.createdAt, new Date(now.getTime() - GRACE_MS)),
      ),
    )
    .limit(BATCH);
  for (const row of open) {
    const provider =
      row.provider === 'tbank' || row.provider === 'stripe' ? ports.payments.byName(row.provider) : null;
    if (!provider || !row.providerPaymentId) continue;
    if (
      row.providerStatus &&
      /REJECTED|CANCELED|DEADLINE_EXPIRED|AUTH_FAIL|expired|failed/i.test(row.providerStatus)
    )
      continue;
    try {
      const event = await provider.getState(row.providerPaymentId, row.id);
      await applyPaymentEvent(ports.db, settings, provider.name, event, now);
    } catch (error) {
      console.warn(`payment ${row.id}: state unknown`, error instanceof Error ? error.message : error);
    }
  }
}
