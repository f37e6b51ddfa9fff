import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../../db/schema';
import { rowsOf } from '../../functions/ports/db';
import { balanceOf } from '../../functions/services/billing/balance';
import { WELCOME_CREDIT_MINOR } from '../../functions/shared/balance';
import { sharedTestApp } from './support/client';
import { addMoney, payingOwner } from './support/money';

/**
 * Raw statements (`db.execute`) answer `{ rows }` on PGlite and Neon but the rows themselves on
 * postgres.js (DATABASE_URL): code reading them goes through `rowsOf`, so the balance a gate reads
 * is the ledger's sum on every driver (run in the "api (postgres)" suite too).
 */
const api = sharedTestApp();

describe('raw statements on every driver', () => {
  it('reads the rows of an execute whatever shape the driver answers', async () => {
    const result = await api.t.db.execute(sql`select 41 + 1 as answer`);
    expect(rowsOf<{ answer: number }>(result).map((row) => Number(row.answer))).toEqual([42]);
    expect(rowsOf([{ a: 1 }])).toEqual([{ a: 1 }]);
    expect(rowsOf({ rows: [{ a: 2 }] })).toEqual([{ a: 2 }]);
  });

  it('sums the ledger into the balance', async () => {
    const owner = await payingOwner(api.t);
    await addMoney(api.t, owner.accountId, owner.currency, 12_345);
    const [account] = await api.t.db.select().from(accounts).where(eq(accounts.id, owner.accountId));
    if (!account) throw new Error('no account');
    const balance = await balanceOf(api.t.db, account, api.t.clock.now());
    expect(balance.totalMinor).toBe(WELCOME_CREDIT_MINOR[account.currency] + 12_345);
  });
});
