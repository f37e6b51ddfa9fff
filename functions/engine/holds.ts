import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { type Account, accounts, balanceEntries, balanceHolds } from '../../db/schema';
import { type Db, rowsOf } from '../ports/db';
import { selectValue } from '../ports/db-rows';
import { ledgerTotalSql } from '../services/billing/balance';
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
  const [row] = rowsOf<{ free: string }>(
    await tx.execute(sql`select ${ledgerTotalSql(account.id, account.currency)} - (${held}) as free`),
  );
  return Number(row?.free ?? 0);
}

/** Serialises everything that moves an account's money (holds, settling, a currency change). */
export const lockAccount = (tx: Tx, accountId: string) =>
  tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');

/**
 * What a hold attempt found: `held` (the hold's id); `busy` when the ledger could pay but holds of
 * answers in flight take the money for now (the caller waits for them and tries again); `short`
 * when the balance itself cannot pay (the caller refuses like a low balance).
 */
export type Reservation = { kind: 'held'; holdId: string } | { kind: 'busy' } | { kind: 'short' };

/**
 * Sets `amountMinor` aside for an answer in the making, or adds it to the answer's hold `holdId`
 * (the next model call of the same answer). Under the account's row lock, so parallel answers of
 * every chat and bot see each other's holds. A new answer needs the available balance at least the
 * currency minimum before its hold and not below zero after it; a next call only needs the money
 * (the answer was let in already). When that fails only because of other answers' holds, the
 * ledger itself being able to pay, the result is `busy`, not `short`. The welcome credit must have
 * been granted already (the balance gate does that). One round trip: the database's engine_reserve
 * (migration 0016) takes the lock, reads the ledger and the holds, and writes the hold.
 */
export async function tryReserve(
  db: Db,
  account: Account,
  amountMinor: number,
  now: Date,
  holdId?: string,
): Promise<Reservation> {
  const expiresAt = new Date(now.getTime() + HOLD_MINUTES * 60_000);
  const minimum = holdId ? 0 : MINIMUM_BALANCE_MINOR[account.currency];
  const found = await selectValue<{ kind: Reservation['kind']; hold_id?: string }>(
    db,
    sql`select engine_reserve(${account.id}::uuid, ${account.currency}, ${amountMinor}, ${now.toISOString()}::timestamptz,
      ${expiresAt.toISOString()}::timestamptz, ${holdId ?? null}::uuid, ${minimum}) as value`,
  );
  return found.kind === 'held' && found.hold_id
    ? { kind: 'held', holdId: found.hold_id }
    : { kind: found.kind === 'busy' ? 'busy' : 'short' };
}

/** tryReserve for callers that do not wait: the hold's id, or null when it cannot be made now. */
export async function reserve(
  db: Db,
  account: Account,
  amountMinor: number,
  now: Date,
  holdId?: string,
): Promise<string | null> {
  const reservation = await tryReserve(db, account, amountMinor, now, holdId);
  return reservation.kind === 'held' ? reservation.holdId : null;
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
