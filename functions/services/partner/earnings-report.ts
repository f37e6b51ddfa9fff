import { and, eq, inArray, sql } from 'drizzle-orm';
import { accounts, partnerEntries } from '../../../db/schema';
import type { AccountContext } from '../context';
import { withinDays } from '../date-range';
import { requirePartner } from './partner-only';

export interface EarningsQuery {
  by: 'month' | 'client';
  from?: string;
  to?: string;
}

/**
 * GET /api/partner/earnings: what the partner earned (shares and bonuses), what refunds took back,
 * and the net, by month (UTC) or by client, for a date range.
 */
export async function earningsReport(ctx: AccountContext, query: EarningsQuery) {
  const partner = requirePartner(ctx);
  const byMonth = query.by === 'month';
  const group = byMonth
    ? sql<string>`to_char(${partnerEntries.createdAt} at time zone 'UTC', 'YYYY-MM')`
    : sql<string>`${partnerEntries.clientAccountId}::text`;
  const earned = sql<string>`coalesce(sum(case when ${partnerEntries.amountMinor} > 0 then ${partnerEntries.amountMinor} end), 0)`;
  const reversed = sql<string>`coalesce(sum(case when ${partnerEntries.amountMinor} < 0 then -${partnerEntries.amountMinor} end), 0)`;
  const rows = await ctx.ports.db
    .select({
      key: group,
      earned,
      reversed,
      payments: sql<string>`count(*) filter (where ${partnerEntries.kind} = 'earning')`,
      clientName: sql<string | null>`max(${accounts.name})`,
    })
    .from(partnerEntries)
    .leftJoin(accounts, eq(accounts.id, partnerEntries.clientAccountId))
    .where(
      and(
        eq(partnerEntries.partnerAccountId, partner.id),
        eq(partnerEntries.currency, partner.currency),
        inArray(partnerEntries.kind, ['earning', 'earning_reversal', 'wazzup_bonus']),
        withinDays(partnerEntries.createdAt, query),
      ),
    )
    .groupBy(group)
    .orderBy(byMonth ? sql`1 desc` : sql`2 desc`);
  const items = rows.map((row) => {
    const earnedMinor = Number(row.earned);
    const reversedMinor = Number(row.reversed);
    return {
      ...(byMonth
        ? { month: row.key }
        : { client: row.key ? { id: row.key, name: row.clientName ?? '' } : null }),
      earned_minor: earnedMinor,
      reversed_minor: reversedMinor,
      net_minor: earnedMinor - reversedMinor,
      payments: Number(row.payments),
    };
  });
  return {
    currency: partner.currency,
    total_minor: items.reduce((sum, item) => sum + item.net_minor, 0),
    items,
  };
}
