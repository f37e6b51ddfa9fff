import { and, eq, gt, lte } from 'drizzle-orm';
import { type Account, type SubscriptionKind, subscriptions } from '../../../db/schema';
import type { Db } from '../../ports/db';

/** SPEC §4: the demo is active while demo_till has not passed; it covers every kind. */
export const demoActive = (account: Account, now: Date) => account.demoTill.getTime() >= now.getTime();

/** Whether `kind` (bots, or an integration type) is in a subscription active at `now`. */
export async function hasActiveSubscription(
  db: Db,
  account: Account,
  kind: SubscriptionKind,
  now: Date,
): Promise<boolean> {
  if (demoActive(account, now)) return true;
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.accountId, account.id),
        eq(subscriptions.kind, kind),
        lte(subscriptions.startsAt, now),
        gt(subscriptions.expiresAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}
