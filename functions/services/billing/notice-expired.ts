import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { historyEntries, subscriptions } from '../../../db/schema';
import type { Ports } from '../../ports';

const BATCH = 200;

/**
 * Writes one History row per subscription that ended unrenewed ('subscription_expired'), so the
 * owner sees why bots fell silent; once each (the mark and the row in one transaction). A period
 * followed by its paid renewal ends quietly.
 */
export async function noticeExpiredSubscriptions(ports: Ports): Promise<void> {
  const now = ports.clock.now();
  const ended = await ports.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        isNotNull(subscriptions.paidAt),
        lte(subscriptions.expiresAt, now),
        isNull(subscriptions.expiryNoticedAt),
      ),
    )
    .limit(BATCH);
  for (const { id } of ended) {
    await ports.db.transaction(async (tx) => {
      const [row] = await tx
        .update(subscriptions)
        .set({ expiryNoticedAt: now })
        .where(and(eq(subscriptions.id, id), isNull(subscriptions.expiryNoticedAt)))
        .returning();
      if (!row) return;
      const [renewed] = await tx
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.renewalOf, id), sql`${subscriptions.paidAt} is not null`));
      if (renewed) return;
      await tx.insert(historyEntries).values({
        accountId: row.accountId,
        source: 'billing',
        channel: 'billing',
        message: '',
        event: 'subscription_expired',
        status: 'error',
        currency: row.currency,
        createdAt: now,
      });
    });
  }
}
