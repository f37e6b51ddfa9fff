import type { Subscription, SubscriptionItem, SubscriptionKind } from '../../../db/schema';
import { termOf } from './pricing';

export type SubscriptionStatus = 'active' | 'inactive' | 'in_advance' | 'expired';

/** SPEC §4 statuses: unpaid is inactive; paid, it is in advance, active or expired by its dates. */
export function statusOf(row: Subscription, now: Date): SubscriptionStatus {
  if (!row.paidAt) return 'inactive';
  if (now < row.startsAt) return 'in_advance';
  if (now >= row.expiresAt) return 'expired';
  return 'active';
}

const DAY_MS = 86_400_000;

/** Whole days left until the end (0 once it ended); what the expiring banner counts (14 days). */
export const expiresInDays = (expiresAt: Date, now: Date) =>
  Math.max(0, Math.ceil((expiresAt.getTime() - now.getTime()) / DAY_MS));

export interface SubscriptionItemView extends SubscriptionItem {
  /** How many of its places are taken (working bots, connected integrations). */
  used: number;
}

export function subscriptionView(
  row: Subscription,
  items: SubscriptionItemView[],
  now: Date,
  renewedBy: string | null,
) {
  const status = statusOf(row, now);
  const term = termOf(row.termUnit, row.termCount);
  return {
    id: row.id,
    demo: 0,
    status,
    items: items.map((item) => ({ ...item, available: item.quantity - item.used })),
    term: { id: term.id, unit: term.unit, count: term.count },
    price_minor: row.priceMinor,
    currency: row.currency,
    starts_at: row.paidAt ? row.startsAt.toISOString() : null,
    expires_at: row.paidAt ? row.expiresAt.toISOString() : null,
    expires_in: row.paidAt ? expiresInDays(row.expiresAt, now) : null,
    auto_renewal: row.autoRenew,
    renewal_of: row.renewalOf,
    renewed_by: renewedBy,
    settings: { next_items: row.nextItems },
    created_at: row.createdAt.toISOString(),
  };
}

export type SubscriptionView = ReturnType<typeof subscriptionView>;

/**
 * Shares what is in use among the running subscriptions, oldest first: each takes up to its
 * quantity of each kind; the rest is what is over the count (and stopped).
 */
export function shareUsage(
  running: { id: string; items: SubscriptionItem[] }[],
  used: ReadonlyMap<SubscriptionKind, number>,
): Map<string, Map<SubscriptionKind, number>> {
  const left = new Map(used);
  const shares = new Map<string, Map<SubscriptionKind, number>>();
  for (const subscription of running) {
    const share = new Map<SubscriptionKind, number>();
    for (const item of subscription.items) {
      const take = Math.min(item.quantity, left.get(item.kind) ?? 0);
      share.set(item.kind, take);
      left.set(item.kind, (left.get(item.kind) ?? 0) - take);
    }
    shares.set(subscription.id, share);
  }
  return shares;
}
