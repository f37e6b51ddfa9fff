import { and, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { subscriptionItems, subscriptions } from '../../../db/schema';
import { termOf } from '../billing/pricing';
import { statusOf } from '../billing/subscription-view';
import type { AccountContext } from '../context';
import { ownClient } from './partner-only';

/**
 * GET /api/partner/clients/:id/subscriptions: the client's subscriptions that still matter to its
 * partner (unpaid ones to pay, running and bought-ahead ones to see), newest first.
 */
export async function listClientSubscriptions(ctx: AccountContext, clientId: string) {
  const client = await ownClient(ctx, clientId);
  const { db, clock } = ctx.ports;
  const now = clock.now();
  const rows = await db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.accountId, client.id),
        or(isNull(subscriptions.paidAt), gt(subscriptions.expiresAt, now)),
      ),
    )
    .orderBy(desc(subscriptions.createdAt))
    .limit(50);
  const items = rows.length
    ? await db
        .select()
        .from(subscriptionItems)
        .where(
          inArray(
            subscriptionItems.subscriptionId,
            rows.map((row) => row.id),
          ),
        )
    : [];
  return {
    items: rows.map((row) => {
      const term = termOf(row.termUnit, row.termCount);
      return {
        id: row.id,
        paid: row.paidAt !== null,
        status: statusOf(row, now),
        price_minor: row.priceMinor,
        currency: row.currency,
        expires_at: row.paidAt ? row.expiresAt.toISOString() : null,
        term: { id: term.id, unit: term.unit, count: term.count },
        items: items
          .filter((item) => item.subscriptionId === row.id)
          .map((item) => ({ kind: item.kind, quantity: item.quantity })),
      };
    }),
  };
}
