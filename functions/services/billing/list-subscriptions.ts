import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  bots,
  integrations,
  type SubscriptionItem,
  type SubscriptionKind,
  subscriptionItems,
  subscriptions,
} from '../../../db/schema';
import { CONNECTED_AT } from '../../shared/integration-catalogue';
import type { AccountContext } from '../context';
import {
  expiresInDays,
  type SubscriptionView,
  shareUsage,
  statusOf,
  subscriptionView,
} from './subscription-view';
import { demoActive } from './subscriptions';

/** The most subscriptions the list answers: the newest, which include every one that still runs. */
const LIST_LIMIT = 100;

/** Working bots and connected integrations by type: what the subscriptions' places hold. */
export async function usageByKind(ctx: AccountContext): Promise<Map<SubscriptionKind, number>> {
  const { db } = ctx.ports;
  const [working] = await db
    .select({ n: sql<string>`count(*)` })
    .from(bots)
    .where(and(eq(bots.accountId, ctx.account.id), eq(bots.isWork, true)));
  const connected = await db
    .select({ type: integrations.type, n: sql<string>`count(*)` })
    .from(integrations)
    .where(
      and(eq(integrations.accountId, ctx.account.id), sql`${integrations.connectionData} ? ${CONNECTED_AT}`),
    )
    .groupBy(integrations.type);
  const used = new Map<SubscriptionKind, number>([['bots', Number(working?.n ?? 0)]]);
  for (const row of connected) used.set(row.type, Number(row.n));
  return used;
}

/** The demo as a subscription of everything (SPEC §3 demo flag), while it lasts. */
function demoView(ctx: AccountContext, now: Date) {
  const till = ctx.account.demoTill;
  return {
    id: 'demo',
    demo: 1,
    status: 'active' as const,
    items: [],
    term: null,
    price_minor: 0,
    currency: ctx.account.currency,
    starts_at: ctx.account.createdAt.toISOString(),
    expires_at: till.toISOString(),
    expires_in: expiresInDays(till, now),
    auto_renewal: false,
    renewal_of: null,
    renewed_by: null,
    settings: { next_items: null },
    created_at: ctx.account.createdAt.toISOString(),
  };
}

export type DemoView = ReturnType<typeof demoView>;

/** GET /api/subscription: the demo while it lasts, then the subscriptions newest first. */
export async function listSubscriptions(ctx: AccountContext): Promise<(SubscriptionView | DemoView)[]> {
  const { db } = ctx.ports;
  const now = ctx.ports.clock.now();
  const rows = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, ctx.account.id))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(LIST_LIMIT);
  const ids = rows.map((row) => row.id);
  const itemRows = ids.length
    ? await db.select().from(subscriptionItems).where(inArray(subscriptionItems.subscriptionId, ids))
    : [];
  const renewals = ids.length
    ? await db
        .select({ id: subscriptions.id, of: subscriptions.renewalOf })
        .from(subscriptions)
        .where(and(inArray(subscriptions.renewalOf, ids), isNotNull(subscriptions.renewalOf)))
    : [];
  const itemsOf = new Map<string, SubscriptionItem[]>();
  for (const item of itemRows) {
    const list = itemsOf.get(item.subscriptionId) ?? [];
    list.push({ kind: item.kind, quantity: item.quantity });
    itemsOf.set(item.subscriptionId, list);
  }
  const running = rows
    .filter((row) => statusOf(row, now) === 'active')
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
    .map((row) => ({ id: row.id, items: itemsOf.get(row.id) ?? [] }));
  const shares = shareUsage(running, await usageByKind(ctx));
  const renewedBy = new Map(renewals.map((row) => [row.of, row.id]));
  const views: (SubscriptionView | DemoView)[] = rows.map((row) =>
    subscriptionView(
      row,
      (itemsOf.get(row.id) ?? []).map((item) => ({ ...item, used: shares.get(row.id)?.get(item.kind) ?? 0 })),
      now,
      renewedBy.get(row.id) ?? null,
    ),
  );
  return demoActive(ctx.account, now) ? [demoView(ctx, now), ...views] : views;
}
