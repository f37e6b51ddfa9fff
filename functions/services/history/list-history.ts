import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { bots, historyEntries } from '../../../db/schema';
import type { HistoryQuery } from '../../shared/schemas/history';
import type { AccountContext } from '../context';
import { withinDays } from '../date-range';

/**
 * GET /api/history: the account's engine outcomes, newest first. `from` and `to` are whole days in
 * UTC, both included; `status` keeps successes or errors only.
 */
export async function listHistory(ctx: AccountContext, query: HistoryQuery) {
  const conditions: (SQL | undefined)[] = [
    eq(historyEntries.accountId, ctx.account.id),
    withinDays(historyEntries.createdAt, query),
  ];
  if (query.status) conditions.push(eq(historyEntries.status, query.status));
  const where = and(...conditions);
  const { page, per_page: perPage } = query;
  const { db } = ctx.ports;
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: historyEntries, botName: bots.name })
      .from(historyEntries)
      .leftJoin(bots, eq(bots.id, historyEntries.botId))
      .where(where)
      .orderBy(desc(historyEntries.createdAt), desc(historyEntries.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(historyEntries).where(where),
  ]);
  const totalCount = total?.n ?? 0;
  return {
    items: rows.map(({ entry, botName }) => ({
      id: entry.id,
      date: entry.createdAt.toISOString(),
      price_minor: entry.priceMinor,
      own_key: entry.ownKey,
      /** The knowledge search of the answer, priced with it: its tokens and the files it found. */
      knowledge:
        entry.embeddingTokens > 0
          ? {
              tokens: entry.embeddingTokens,
              sources: entry.actions.find((action) => action.type === 'knowledge')?.detail ?? '',
            }
          : null,
      currency: entry.currency,
      bot: entry.botId && botName !== null ? { id: entry.botId, name: botName } : null,
      source: entry.source,
      channel: entry.channel,
      message: entry.message,
      response: entry.response,
      event: entry.event,
      dialog: entry.chatId,
      status: entry.status,
      error: entry.error,
      actions: entry.actions,
    })),
    page,
    per_page: perPage,
    total: totalCount,
    pages: Math.max(1, Math.ceil(totalCount / perPage)),
  };
}
