import { and, eq, gt, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import {
  type Account,
  bots,
  integrations,
  type SubscriptionKind,
  subscriptionItems,
  subscriptions,
} from '../../../db/schema';
import { type Db, rowsOf } from '../../ports/db';
import { CONNECTED_AT } from '../../shared/integration-catalogue';

/** SPEC §4: the demo is active while demo_till has not passed; it covers every kind, any number. */
export const demoActive = (account: Account, now: Date) => account.demoTill.getTime() >= now.getTime();

/** The paid subscriptions running at `now`, as a condition on subscriptions. */
export const runningAt = (now: Date) =>
  and(isNotNull(subscriptions.paidAt), lte(subscriptions.startsAt, now), gt(subscriptions.expiresAt, now));

/** How many of each kind the account's running subscriptions cover together. */
export async function capacityByKind(
  db: Db,
  accountId: string,
  now: Date,
): Promise<Map<SubscriptionKind, number>> {
  const rows = await db
    .select({ kind: subscriptionItems.kind, total: sql<string>`sum(${subscriptionItems.quantity})` })
    .from(subscriptionItems)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionItems.subscriptionId))
    .where(and(eq(subscriptionItems.accountId, accountId), runningAt(now)))
    .groupBy(subscriptionItems.kind);
  return new Map(rows.map((row) => [row.kind, Number(row.total)]));
}

const capacitySql = (accountId: string, kind: SubscriptionKind, now: Date) => sql`(
  select coalesce(sum(${subscriptionItems.quantity}), 0) from ${subscriptionItems}
  join ${subscriptions} on ${subscriptions.id} = ${subscriptionItems.subscriptionId}
  where ${subscriptionItems.accountId} = ${accountId} and ${subscriptionItems.kind} = ${kind}
    and ${subscriptions.paidAt} is not null and ${subscriptions.startsAt} <= ${now.toISOString()}::timestamptz
    and ${subscriptions.expiresAt} > ${now.toISOString()}::timestamptz)`;

/**
 * Whether a working bot has a place in a subscription of type bots: the places go to the bots that
 * started working first, so the ones over the count (after a subscription ended) stop, and nothing
 * the owner configured changes. As an SQL condition (the gates read it with the rest in one statement).
 */
export const botCoveredSql = (account: Account, botId: string, now: Date): SQL =>
  demoActive(account, now)
    ? sql`true`
    : sql`((
      select count(*) from ${bots} other, ${bots} self
      where self.id = ${botId} and other.account_id = ${account.id} and other.is_work and other.id <> self.id
        and (coalesce(other.work_started_at, other.created_at), other.id)
          < (coalesce(self.work_started_at, self.created_at), self.id)
    ) < ${capacitySql(account.id, 'bots', now)})`;

/** The same for a connected integration: the oldest connected ones of a type take the places. */
export const integrationCoveredSql = (
  account: Account,
  integrationId: string,
  kind: SubscriptionKind,
  now: Date,
): SQL =>
  demoActive(account, now)
    ? sql`true`
    : sql`((
      select count(*) from ${integrations} other, ${integrations} self
      where self.id = ${integrationId} and other.account_id = ${account.id} and other.type = self.type
        and other.id <> self.id and other.connection_data ? ${CONNECTED_AT}
        and (other.created_at, other.id) < (self.created_at, self.id)
    ) < ${capacitySql(account.id, kind, now)})`;

export async function integrationCovered(
  db: Db,
  account: Account,
  integrationId: string,
  kind: SubscriptionKind,
  now: Date,
): Promise<boolean> {
  const result = await db.execute(
    sql`select ${integrationCoveredSql(account, integrationId, kind, now)} as covered`,
  );
  return Boolean(rowsOf<{ covered: boolean }>(result)[0]?.covered);
}

/** How many of a kind are in use: working bots, or connected integrations of the type. */
export async function usedOf(db: Db, accountId: string, kind: SubscriptionKind, exceptId?: string) {
  const [row] =
    kind === 'bots'
      ? await db
          .select({ n: sql<string>`count(*)` })
          .from(bots)
          .where(
            and(
              eq(bots.accountId, accountId),
              eq(bots.isWork, true),
              exceptId ? sql`${bots.id} <> ${exceptId}` : undefined,
            ),
          )
      : await db
          .select({ n: sql<string>`count(*)` })
          .from(integrations)
          .where(
            and(
              eq(integrations.accountId, accountId),
              eq(integrations.type, kind),
              sql`${integrations.connectionData} ? ${CONNECTED_AT}`,
              exceptId ? sql`${integrations.id} <> ${exceptId}` : undefined,
            ),
          );
  return Number(row?.n ?? 0);
}

/** Whether one more of `kind` (besides `exceptId`, the one being switched on) fits the subscriptions. */
export async function roomForOneMore(
  db: Db,
  account: Account,
  kind: SubscriptionKind,
  now: Date,
  exceptId: string,
): Promise<boolean> {
  if (demoActive(account, now)) return true;
  const capacity = (await capacityByKind(db, account.id, now)).get(kind) ?? 0;
  return (await usedOf(db, account.id, kind, exceptId)) < capacity;
}

/** The latest end of the running subscriptions that cover `kind` (or the demo), for views. */
export async function coveredTill(db: Db, account: Account, kind: SubscriptionKind, now: Date) {
  const [row] = await db
    .select({ till: sql<string | null>`max(${subscriptions.expiresAt})` })
    .from(subscriptions)
    .innerJoin(subscriptionItems, eq(subscriptionItems.subscriptionId, subscriptions.id))
    .where(and(eq(subscriptions.accountId, account.id), eq(subscriptionItems.kind, kind), runningAt(now)));
  const paidTill = row?.till ? new Date(row.till) : null;
  const demoTill = demoActive(account, now) ? account.demoTill : null;
  if (paidTill && demoTill) return paidTill > demoTill ? paidTill : demoTill;
  return paidTill ?? demoTill;
}
