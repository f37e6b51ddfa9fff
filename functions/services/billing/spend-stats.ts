import { and, eq, gt, gte, sql } from 'drizzle-orm';
import { bots, historyEntries } from '../../../db/schema';
import type { AccountContext } from '../context';

/** Days the Balance screen's chart covers, today included. */
export const STATS_DAYS = 30;
const DAY_MS = 86_400_000;

export interface SpendDay {
  date: string;
  total_minor: number;
  by_bot: Record<string, number>;
  by_channel: Record<string, number>;
}

/**
 * What answers cost per UTC day over the last 30 days, split by bot and by channel (the usage
 * chart); every day is present, quiet ones with zero. Bots are keyed by id and named in `bots`.
 */
export async function spendStats(ctx: AccountContext) {
  const now = ctx.ports.clock.now();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (STATS_DAYS - 1) * DAY_MS);
  const day = sql<string>`to_char(${historyEntries.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await ctx.ports.db
    .select({
      day,
      botId: historyEntries.botId,
      botName: bots.name,
      channel: historyEntries.channel,
      total: sql<string>`sum(${historyEntries.priceMinor})`,
    })
    .from(historyEntries)
    .leftJoin(bots, eq(bots.id, historyEntries.botId))
    .where(
      and(
        eq(historyEntries.accountId, ctx.account.id),
        eq(historyEntries.currency, ctx.account.currency),
        gte(historyEntries.createdAt, since),
        gt(historyEntries.priceMinor, 0),
      ),
    )
    .groupBy(day, historyEntries.botId, bots.name, historyEntries.channel);
  const days = new Map<string, SpendDay>();
  for (let i = 0; i < STATS_DAYS; i++) {
    const date = new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    days.set(date, { date, total_minor: 0, by_bot: {}, by_channel: {} });
  }
  const botNames = new Map<string, string>();
  for (const row of rows) {
    const entry = days.get(row.day);
    if (!entry) continue;
    const amount = Number(row.total);
    const botKey = row.botId ?? 'deleted';
    if (row.botId && row.botName) botNames.set(row.botId, row.botName);
    entry.total_minor += amount;
    entry.by_bot[botKey] = (entry.by_bot[botKey] ?? 0) + amount;
    entry.by_channel[row.channel] = (entry.by_channel[row.channel] ?? 0) + amount;
  }
  return {
    days: [...days.values()],
    bots: [...botNames].map(([id, name]) => ({ id, name })),
  };
}
