import { and, eq, gt, isNotNull } from 'drizzle-orm';
import { subscriptions } from '../../../db/schema';
import type { AccountContext } from '../context';
import { listTransactions } from '../payments/list-transactions';
import { listRecurrentPayments } from '../payments/recurrent-payments';
import { balanceOf } from './balance';
import { spendStats } from './spend-stats';

/**
 * SPEC §4 critical balance: the account has subscriptions (paid, not over) and its balance is
 * below the currency minimum, so its bots are about to stop answering.
 */
async function hasSubscriptions(ctx: AccountContext, now: Date): Promise<boolean> {
  const [row] = await ctx.ports.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.accountId, ctx.account.id),
        isNotNull(subscriptions.paidAt),
        gt(subscriptions.expiresAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** GET /api/balance (SPEC §3 Balance): total, what the screen needs around it, the first page of transactions. */
export async function getBalance(ctx: AccountContext) {
  const now = ctx.ports.clock.now();
  const balance = await balanceOf(ctx.ports.db, ctx.account, now);
  const below = balance.totalMinor < balance.minimumMinor;
  const { items, pagination } = await listTransactions(ctx, { page: 1 });
  return {
    total_minor: balance.totalMinor,
    currency: balance.currency,
    minimum_minor: balance.minimumMinor,
    critical: below && (await hasSubscriptions(ctx, now)),
    payments_configured: ctx.ports.payments.forCurrency(ctx.account.currency) !== null,
    invoices_available: ctx.account.currency === 'rub' && ctx.settings.invoiceSeller !== undefined,
    stats: await spendStats(ctx),
    transactions: items,
    pagination,
    recurrent_payments: await listRecurrentPayments(ctx),
  };
}
