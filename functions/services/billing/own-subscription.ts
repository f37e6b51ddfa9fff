import { and, eq } from 'drizzle-orm';
import { type Subscription, subscriptions } from '../../../db/schema';
import { notFound } from '../../shared/app-error';
import { isUuid } from '../../shared/uuid';
import type { AccountContext } from '../context';

export const subscriptionNotFound = () => notFound('subscription_not_found');

export function ownSubscriptionWhere(ctx: AccountContext, id: string) {
  if (!isUuid(id)) throw subscriptionNotFound();
  return and(eq(subscriptions.id, id), eq(subscriptions.accountId, ctx.account.id));
}

export async function ownSubscription(ctx: AccountContext, id: string): Promise<Subscription> {
  const [row] = await ctx.ports.db.select().from(subscriptions).where(ownSubscriptionWhere(ctx, id));
  if (!row) throw subscriptionNotFound();
  return row;
}
