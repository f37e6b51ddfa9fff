import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, accounts } from '../../db/schema';
import { balanceOf } from '../../functions/services/billing/balance';
import { WELCOME_CREDIT_MINOR } from '../../functions/shared/balance';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../../scripts/postgres.mjs';
import { openTestDb, TEST_DATABASE_URL, type TestDb } from '../support/test-database';

/**
 * The welcome credit is granted by the first read of the balance, inside that read's statement. Two
 * first reads at once on a real Postgres (two processes, or two chats of a new account answered in
 * parallel): the one whose grant lost the race waits for the winner's commit, and its statement,
 * whose snapshot predates that commit, must still count the credit. Before the fix it read 0, and the
 * engine refused the customer's first message for a low balance (found by many-processes.test.ts).
 * Needs concurrent connections, so it runs on a throwaway Postgres, never PGlite.
 */
let throwaway: ThrowawayPostgres | undefined;
let testDb: TestDb;
let sql: postgres.Sql;

beforeAll(async () => {
  if (!TEST_DATABASE_URL) throwaway = await startThrowawayPostgres();
  testDb = await openTestDb({ server: TEST_DATABASE_URL ?? throwaway?.url });
  if (!testDb.url) throw new Error('a Postgres database was expected');
  sql = postgres(testDb.url, { max: 2, onnotice: () => {} });
}, 120_000);

afterAll(async () => {
  await sql?.end();
  await testDb?.close();
  throwaway?.stop();
});

async function newAccount(): Promise<Account> {
  const [account] = await testDb.db
    .insert(accounts)
    .values({
      name: 'Анна',
      email: `race-${crypto.randomUUID()}@example.com`,
      phone: '79991112233',
      passwordHash: 'x',
      currency: 'rub',
      lang: 'ru',
      demoTill: new Date(Date.now() + 86_400_000),
    })
    .returning();
  if (!account) throw new Error('no account');
  return account;
}

/** Waits until some statement waits for a row lock (the losing grant waits for the winner's commit). */
async function someoneWaitsForALock() {
  for (let i = 0; i < 200; i++) {
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`;
    if ((row?.n ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no statement waited for the grant');
}

describe('the welcome credit under two first reads at once (Postgres)', () => {
  it('the read that lost the race to grant it still counts it', async () => {
    const account = await newAccount();
    const welcome = WELCOME_CREDIT_MINOR.rub;
    let losing: ReturnType<typeof balanceOf> | undefined;
    await sql.begin(async (tx) => {
      // The winning first read has inserted the credit and not committed yet...
      await tx`insert into balance_entries (account_id, amount_minor, currency, kind, comment, created_at)
        values (${account.id}, ${welcome}, 'rub', 'welcome', 'welcome credit', now())`;
      // ...when the losing one starts its statement and waits on the unique index.
      losing = balanceOf(testDb.db, account, new Date());
      await someoneWaitsForALock();
    });
    expect((await losing)?.totalMinor).toBe(welcome);
    // Granted once, and read the same afterwards.
    expect((await balanceOf(testDb.db, account, new Date())).totalMinor).toBe(welcome);
    const [row] = await sql<{ n: number }[]>`
      select count(*)::int as n from balance_entries where account_id = ${account.id}`;
    expect(row?.n).toBe(1);
  });

  it('a first read alone grants and counts it; a later one counts it once', async () => {
    const account = await newAccount();
    expect((await balanceOf(testDb.db, account, new Date())).totalMinor).toBe(WELCOME_CREDIT_MINOR.rub);
    expect((await balanceOf(testDb.db, account, new Date())).totalMinor).toBe(WELCOME_CREDIT_MINOR.rub);
  });
});
