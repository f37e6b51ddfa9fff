import type { AccountContext } from '../context';
import { balanceOf } from './balance';

/** GET /api/balance, minimal until the balance screen: the total, its currency and the minimum. */
export async function getBalance(ctx: AccountContext) {
  const balance = await balanceOf(ctx.ports.db, ctx.account, ctx.ports.clock.now());
  return { total_minor: balance.totalMinor, currency: balance.currency, minimum_minor: balance.minimumMinor };
}
