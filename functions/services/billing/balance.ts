import { and, eq, sql } from 'drizzle-orm';
import { type Account, balanceEntries } from '../../../db/schema';
import type { Db } from '../../ports/db';
import { MINIMUM_BALANCE_MINOR, WELCOME_CREDIT_MINOR } from '../../shared/balance';
import type { Currency } from '../../shared/constants';

export interface Balance {
  totalMinor: number;
  currency: Currency;
  minimumMinor: number;
}

/**
 * The one-time welcome credit, granted the first time the balance is read (so registration need
 * not know about billing). The partial unique index makes a second grant a no-op, even concurrently.
 */
export async function grantWelcomeCredit(db: Db, account: Account, now: Date): Promise<void> {
  await db
    .insert(balanceEntries)
    .values({
      accountId: account.id,
      amountMinor: WELCOME_CREDIT_MINOR[account.currency],
      currency: account.currency,
      kind: 'welcome',
      comment: 'welcome credit',
      createdAt: now,
    })
    .onConflictDoNothing();
}

/** The sum of the ledger in the account's currency, after the welcome credit. */
export async function balanceOf(db: Db, account: Account, now: Date): Promise<Balance> {
  await grantWelcomeCredit(db, account, now);
  const [row] = await db
    .select({ total: sql<string | null>`sum(${balanceEntries.amountMinor})` })
    .from(balanceEntries)
    .where(and(eq(balanceEntries.accountId, account.id), eq(balanceEntries.currency, account.currency)));
  return {
    totalMinor: Number(row?.total ?? 0),
    currency: account.currency,
    minimumMinor: MINIMUM_BALANCE_MINOR[account.currency],
  };
}
