import { eq, sql } from 'drizzle-orm';
import { accounts, balanceEntries, storageDays, storageFiles, transactions } from '../../../db/schema';
import { available, lockAccount } from '../../engine/holds';
import type { Ports } from '../../ports';
import { storageDayPrice } from '../../shared/knowledge';

const MB = 1024 * 1024;

/**
 * SPEC §9: storage is billed daily by the space used. For the UTC day of `now`, every account
 * with files gets one storage_days row and, when it costs something, one write-off transaction
 * with its ledger row, all in one transaction under the account's lock. The unique (account, day)
 * makes a second run of the same day (a retry, a restart, a redelivered schedule) charge nothing.
 * The charge never takes the balance below zero: what is not there is not taken.
 */
export async function billStorageDay(ports: Ports, now: Date): Promise<{ billed: number; charged: number }> {
  const { db } = ports;
  const day = now.toISOString().slice(0, 10);
  const usage = await db
    .select({ accountId: storageFiles.accountId, bytes: sql<string>`sum(${storageFiles.sizeBytes})` })
    .from(storageFiles)
    .groupBy(storageFiles.accountId);
  let billed = 0;
  let charged = 0;
  for (const { accountId, bytes: raw } of usage) {
    const bytes = Number(raw);
    const amount = await db.transaction(async (tx) => {
      await lockAccount(tx, accountId);
      const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId));
      if (!account) return null;
      const price = storageDayPrice(bytes, account.currency);
      const take = Math.min(price, Math.max(0, await available(tx, account, now)));
      const [inserted] = await tx
        .insert(storageDays)
        .values({ accountId, day, bytes, amountMinor: take, currency: account.currency, createdAt: now })
        .onConflictDoNothing()
        .returning({ id: storageDays.id });
      if (!inserted) return null;
      if (take === 0) return 0;
      const [writeOff] = await tx
        .insert(transactions)
        .values({
          accountId,
          operation: 'storage',
          status: 'write_off',
          amountMinor: take,
          currency: account.currency,
          provider: 'balance',
          comment: `${day}: ${(bytes / MB).toFixed(1)} MB`,
          createdAt: now,
          paidAt: now,
        })
        .returning({ id: transactions.id });
      await tx.insert(balanceEntries).values({
        accountId,
        amountMinor: -take,
        currency: account.currency,
        kind: 'storage',
        transactionId: writeOff?.id,
        comment: `storage ${day}`,
        createdAt: now,
      });
      return take;
    });
    if (amount === null) continue;
    billed++;
    charged += amount;
  }
  return { billed, charged };
}
