import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { type Account, accounts, balanceEntries, balanceHolds } from '../../db/schema';
import type { Db } from '../ports/db';
import { MINIMUM_BALANCE_MINOR } from '../shared/balance';

/** A hold outlives a run that crashed by this much; then the money is free again. */
export const HOLD_MINUTES = 15;

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The ledger in the account's currency minus the live holds (other than `except`). */
export async function available(tx: Tx | Db, account: Account, now: Date, except?: string): Promise<number> {
  const held = tx
    .select({ total: sql`coalesce(sum(${balanceHolds.amountMinor}), 0)` })
    .from(balanceHolds)
    .where(
      and(
        eq(balanceHolds.accountId, account.id),
        eq(balanceHolds.currency, account.currency),
        gt(balanceHolds.expiresAt, now),
        except ? ne(balanceHolds.id, except) : undefined,
      ),
    );
  const [row] = await tx
    .select({ free: sql<string>`coalesce(sum(${balanceEntries.amountMinor}), 0) - (${held})` })
    .from(balanceEntries)
    .where(and(eq(balanceEntries.accountId, account.id), eq(balanceEntries.currency, account.currency)));
  return Number(row?.free ?? 0);
}

/** Serialises everything that moves an account's money (holds, settling, a currency change). */
export const lockAccount = (tx: Tx, accountId: string) =>
  tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');

/**
 * Sets `amountMinor` aside for an answer in the making, or adds it to the answer's hold `holdId`
 * (the next model call of the same answer). Under the account's row lock, so parallel answers of
 * every chat and bot see each other's holds: it succeeds only while the available balance stays at
 * least the currency minimum before the hold and not below zero after it. Returns the hold's id,
 * or null when the money is not there (the caller refuses like a low balance). The welcome credit
 * must have been granted already (the balance gate does that).
 */
export async function reserve(
  db: Db,
  account: Account,
  amountMinor: number,
  now: Date,
  holdId?: string,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, account.id);
    const free = await available(tx, account, now);
    if (free < MINIMUM_BALANCE_MINOR[account.currency] || free - amountMinor < 0) return null;
    const expiresAt = new Date(now.getTime() + HOLD_MINUTES * 60_000);
    if (holdId) {
      const [grown] = await tx
        .update(balanceHolds)
        .set({ amountMinor: sql`${balanceHolds.amountMinor} + ${amountMinor}`, expiresAt })
        .where(eq(balanceHolds.id, holdId))
        .returning({ id: balanceHolds.id });
      return grown?.id ?? null;
    }
    const [hold] = await tx
      .insert(balanceHolds)
      .values({ accountId: account.id, amountMinor, currency: account.currency, createdAt: now, expiresAt })
      .returning({ id: balanceHolds.id });
    return hold?.id ?? null;
  });
}

/**
 * Inside the transaction that records the answer: drops the hold and says what may be charged. The
 * exact price when the hold covers it (it always should: the hold is an upper bound); otherwise no
 * more than the balance left, so a provider counting more tokens than our bound cannot make the
 * balance negative.
 */
export async function settleHold(
  tx: Tx,
  account: Account,
  holdId: string,
  priceMinor: number,
  now: Date,
): Promise<number> {
  const [hold] = await tx.delete(balanceHolds).where(eq(balanceHolds.id, holdId)).returning();
  if (hold && priceMinor <= hold.amountMinor) return priceMinor;
  await lockAccount(tx, account.id);
  const free = Math.max(0, await available(tx, account, now, holdId));
  if (priceMinor > free) {
    console.error(`account ${account.id}: a price of ${priceMinor} over its hold; charged ${free}`);
  }
  return Math.min(priceMinor, free);
}

/** The ledger row of what a settled price took from the balance; none for a free answer. */
export async function writeCharge(
  tx: Tx,
  account: Account,
  priceMinor: number,
  entry: { kind: 'charge' | 'storage'; comment?: string; historyId?: string },
  now: Date,
): Promise<void> {
  if (priceMinor <= 0) return;
  await tx.insert(balanceEntries).values({
    accountId: account.id,
    amountMinor: -priceMinor,
    currency: account.currency,
    ...entry,
    createdAt: now,
  });
}

/** Frees a hold whose answer was not recorded (the model failed, another run won). */
export async function releaseHold(db: Db | Tx, holdId: string): Promise<void> {
  await db.delete(balanceHolds).where(eq(balanceHolds.id, holdId));
}
