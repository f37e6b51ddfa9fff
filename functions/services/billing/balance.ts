import { type SQL, sql } from 'drizzle-orm';
import { type Account, balanceEntries, balanceTotals } from '../../../db/schema';
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

/** The ledger's sum of an account in a currency, from its total row (balance_totals, kept by a trigger). */
export const ledgerTotalSql = (accountId: SQL | string, currency: SQL | string) =>
  sql`coalesce((select ${balanceTotals.totalMinor} from ${balanceTotals}
    where ${balanceTotals.accountId} = ${accountId} and ${balanceTotals.currency} = ${currency}), 0)`;

/**
 * The ledger's sum in the account's currency after the welcome credit, as parts of one statement
 * (it runs for every customer message): the credit inserted in a CTE (`with`), whose row the sum
 * (`total`) adds by hand, since a statement does not see its own CTE's inserts.
 */
export function balanceSql(
  account: Account,
  now: Date,
  /** The CTE's name: one statement that reads several balances names each its own. */
  cte = 'granted',
): { with: SQL; total: SQL } {
  const welcome = WELCOME_CREDIT_MINOR[account.currency];
  const granted = sql.identifier(cte);
  return {
    with: sql`${granted} as (
      insert into ${balanceEntries} (account_id, amount_minor, currency, kind, comment, created_at)
      values (${account.id}, ${welcome}, ${account.currency}, 'welcome', 'welcome credit', ${now.toISOString()})
      on conflict do nothing
      returning amount_minor
    )`,
    // A grant that lost a race waited for the winner's commit, which this statement's snapshot
    // predates: the credit it cannot see exists all the same (a conflict means a committed one).
    total: sql`(${ledgerTotalSql(account.id, account.currency)}
         + case
             when exists (select 1 from ${granted}) then (select sum(amount_minor) from ${granted})
             when exists (select 1 from ${balanceEntries}
                          where account_id = ${account.id} and kind = 'welcome') then 0
             else ${welcome}
           end)`,
  };
}

export async function balanceOf(db: Db, account: Account, now: Date): Promise<Balance> {
  const parts = balanceSql(account, now);
  const result = await db.execute(sql`with ${parts.with} select ${parts.total} as total`);
  const [row] = rowsOf<{ total: string | null }>(result);
  return {
    totalMinor: Number(row?.total ?? 0),
    currency: account.currency,
    minimumMinor: MINIMUM_BALANCE_MINOR[account.currency],
  };
}
