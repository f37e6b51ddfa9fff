import { sql } from 'drizzle-orm';
import { type Account, balanceEntries } from '../../../db/schema';
import { type Db, rowsOf } from '../../ports/db';
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

/**
 * The sum of the ledger in the account's currency, after the welcome credit: one statement (it runs
 * for every customer message), the credit inserted in a CTE whose row the sum adds by hand, since a
 * statement does not see its own CTE's inserts.
 */
export async function balanceOf(db: Db, account: Account, now: Date): Promise<Balance> {
  const welcome = WELCOME_CREDIT_MINOR[account.currency];
  const result = await db.execute<{ total: string | null }>(sql`
    with granted as (
      insert into ${balanceEntries} (account_id, amount_minor, currency, kind, comment, created_at)
      values (${account.id}, ${welcome}, ${account.currency}, 'welcome', 'welcome credit', ${now.toISOString()})
      on conflict do nothing
      returning amount_minor
    )
    select coalesce((select sum(amount_minor) from ${balanceEntries}
                      where account_id = ${account.id} and currency = ${account.currency}), 0)
         + coalesce((select sum(amount_minor) from granted), 0) as total`);
  const [row] = rowsOf<{ total: string | null }>(result);
  return {
    totalMinor: Number(row?.total ?? 0),
    currency: account.currency,
    minimumMinor: MINIMUM_BALANCE_MINOR[account.currency],
  };
}
