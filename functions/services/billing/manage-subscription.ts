import { eq } from 'drizzle-orm';
import { subscriptions } from '../../../db/schema';
import { AppError } from '../../shared/app-error';
import type { SubscriptionItemsInput } from '../../shared/schemas/subscription';
import type { AccountContext } from '../context';
import { ownSubscription, ownSubscriptionWhere, subscriptionNotFound } from './own-subscription';
import { statusOf } from './subscription-view';

/**
 * PATCH /api/subscription/{id}: auto-renewal, and the counts its next period (renewal) will have. A
 * body that names neither changes nothing.
 */
export async function updateSubscription(
  ctx: AccountContext,
  id: string,
  changes: { auto_renewal?: boolean; next_items?: SubscriptionItemsInput | null },
): Promise<void> {
  const row = await ownSubscription(ctx, id);
  if (statusOf(row, ctx.ports.clock.now()) === 'expired') throw new AppError('subscription_state');
  if (changes.auto_renewal === undefined && changes.next_items === undefined) return;
  await ctx.ports.db
    .update(subscriptions)
    .set({
      ...(changes.auto_renewal === undefined ? {} : { autoRenew: changes.auto_renewal }),
      ...(changes.next_items === undefined ? {} : { nextItems: changes.next_items }),
    })
    .where(eq(subscriptions.id, row.id));
}

/** DELETE /api/subscription/{id}: only one that is unpaid or over; a paid period is never thrown away. */
export async function deleteSubscription(ctx: AccountContext, id: string): Promise<void> {
  const row = await ownSubscription(ctx, id);
  const status = statusOf(row, ctx.ports.clock.now());
  if (status !== 'inactive' && status !== 'expired') {
    throw new AppError('subscription_state', 'subscription_not_deletable');
  }
  const [gone] = await ctx.ports.db
    .delete(subscriptions)
    .where(ownSubscriptionWhere(ctx, id))
    .returning({ id: subscriptions.id });
  if (!gone) throw subscriptionNotFound();
}
