import { and, count, desc, eq } from 'drizzle-orm';
import { type Purse, transactions } from '../../../db/schema';
import type { AccountContext } from '../context';
import { withinDays } from '../date-range';
import { requirePartner } from '../partner/partner-only';
import { transactionView } from './transaction-view';

export const TRANSACTIONS_PAGE_SIZE = 20;

export interface TransactionsQuery {
  page: number;
  purse?: Purse;
  /** Inclusive UTC dates, YYYY-MM-DD. */
  from?: string;
  to?: string;
}

/** GET /api/transactions: a balance's payments (the account's, or a partner's partner balance), newest first, a page at a time, within a date range. */
export async function listTransactions(ctx: AccountContext, query: TransactionsQuery) {
  const purse = query.purse ?? 'account';
  if (purse === 'partner') requirePartner(ctx);
  const where = and(
    eq(transactions.accountId, ctx.account.id),
    eq(transactions.purse, purse),
    withinDays(transactions.createdAt, query),
  );
  const page = Math.max(1, query.page);
  const [rows, [total]] = await Promise.all([
    ctx.ports.db
      .select()
      .from(transactions)
      .where(where)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(TRANSACTIONS_PAGE_SIZE)
      .offset((page - 1) * TRANSACTIONS_PAGE_SIZE),
    ctx.ports.db.select({ n: count() }).from(transactions).where(where),
  ]);
  const totalCount = total?.n ?? 0;
  return {
    items: rows.map(transactionView),
    pagination: {
      page,
      per_page: TRANSACTIONS_PAGE_SIZE,
      total: totalCount,
      pages: Math.max(1, Math.ceil(totalCount / TRANSACTIONS_PAGE_SIZE)),
    },
  };
}
