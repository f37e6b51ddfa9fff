import { and, count, desc, eq } from 'drizzle-orm';
import { accounts, type PartnerEntryKind, partnerEntries } from '../../../db/schema';
import type { AccountContext } from '../context';
import { withinDays } from '../date-range';
import { requirePartner } from './partner-only';

export const OPERATIONS_PER_PAGE = 20;

export interface OperationsQuery {
  kind?: PartnerEntryKind;
  client_id?: string;
  /** Inclusive UTC dates, YYYY-MM-DD. */
  from?: string;
  to?: string;
  page: number;
}

/** GET /api/partner/operations: the partner balance's movements, newest first, filtered, a page at a time. */
export async function listOperations(ctx: AccountContext, query: OperationsQuery) {
  const partner = requirePartner(ctx);
  const where = and(
    eq(partnerEntries.partnerAccountId, partner.id),
    query.kind ? eq(partnerEntries.kind, query.kind) : undefined,
    query.client_id ? eq(partnerEntries.clientAccountId, query.client_id) : undefined,
    withinDays(partnerEntries.createdAt, query),
  );
  const page = Math.max(1, query.page);
  const { db } = ctx.ports;
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: partnerEntries, clientName: accounts.name })
      .from(partnerEntries)
      .leftJoin(accounts, eq(accounts.id, partnerEntries.clientAccountId))
      .where(where)
      .orderBy(desc(partnerEntries.createdAt), desc(partnerEntries.id))
      .limit(OPERATIONS_PER_PAGE)
      .offset((page - 1) * OPERATIONS_PER_PAGE),
    db.select({ n: count() }).from(partnerEntries).where(where),
  ]);
  const totalCount = total?.n ?? 0;
  return {
    items: rows.map(({ entry, clientName }) => ({
      id: entry.id,
      created_at: entry.createdAt.toISOString(),
      kind: entry.kind,
      amount_minor: entry.amountMinor,
      currency: entry.currency,
      client: entry.clientAccountId ? { id: entry.clientAccountId, name: clientName ?? '' } : null,
      comment: entry.comment,
      base_minor: entry.baseMinor,
      rate_percent: entry.ratePercent,
      status: entry.status,
    })),
    pagination: {
      page,
      per_page: OPERATIONS_PER_PAGE,
      total: totalCount,
      pages: Math.max(1, Math.ceil(totalCount / OPERATIONS_PER_PAGE)),
    },
  };
}
