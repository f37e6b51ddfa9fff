import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceEntries, balanceTotals } from '../../db/schema';
import { rowsOf } from '../../functions/ports/db';
import { createTestApp, type TestApp } from '../support/test-app';
import { addMoney, balanceTotal, payingOwner } from './support/money';

/**
 * The balance is read from a total row that a trigger keeps beside the ledger (migration 0018), so a
 * busy account's balance costs one row, not a sum over every charge it ever paid. The ledger stays
 * the truth: whatever is written to it, by whom, the total follows in the same transaction.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function ledgerAndTotal(accountId: string, currency: string) {
  const [ledger] = rowsOf<{ sum: string | null }>(
    await t.db.execute(
      sql`select sum(amount_minor) as sum from balance_entries where account_id = ${accountId} and currency = ${currency}`,
    ),
  );
  const [total] = await t.db
    .select()
    .from(balanceTotals)
    .where(and(eq(balanceTotals.accountId, accountId), eq(balanceTotals.currency, currency as 'rub')));
  return { ledger: Number(ledger?.sum ?? 0), total: total?.totalMinor ?? 0 };
}

describe('balance totals', () => {
  it('follow the ledger through credits, charges, a corrected entry and a removed one', async () => {
    const owner = await payingOwner(t, 50_000);
    for (const amount of [-1_234, -99, 7_000, -5]) await addMoney(t, owner.accountId, owner.currency, amount);
    const [corrected] = await t.db
      .insert(balanceEntries)
      .values({
        accountId: owner.accountId,
        amountMinor: -300,
        currency: owner.currency as 'rub',
        kind: 'charge',
        createdAt: t.clock.now(),
      })
      .returning();
    if (!corrected) throw new Error('no entry');
    await t.db.update(balanceEntries).set({ amountMinor: -30 }).where(eq(balanceEntries.id, corrected.id));
    await addMoney(t, owner.accountId, owner.currency, 111);
    await t.db.delete(balanceEntries).where(eq(balanceEntries.amountMinor, 111));
    // A credit in another currency counts in its own total, not in the account's.
    await addMoney(t, owner.accountId, 'usd', 500);

    const rub = await ledgerAndTotal(owner.accountId, owner.currency);
    expect(rub.total).toBe(rub.ledger);
    expect(await balanceTotal(t, owner.token)).toBe(rub.ledger);
    expect(await ledgerAndTotal(owner.accountId, 'usd')).toEqual({ ledger: 500, total: 500 });
  });

  it('counts the welcome credit once, however many reads grant it at the same time', async () => {
    const owner = await payingOwner(t);
    const reads = await Promise.all(Array.from({ length: 5 }, () => balanceTotal(t, owner.token)));
    const { ledger, total } = await ledgerAndTotal(owner.accountId, owner.currency);
    expect(new Set(reads)).toEqual(new Set([ledger]));
    expect(total).toBe(ledger);
    expect(ledger).toBeGreaterThan(0);
  });
});
