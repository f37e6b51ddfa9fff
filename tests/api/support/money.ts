import { eq } from 'drizzle-orm';
import { accounts, balanceEntries } from '../../../db/schema';
import { accountChanged } from '../../../functions/services/auth/auth-cache';
import type { TestApp } from '../../support/test-app';
import { apiClient, signedInUser } from './client';

/** A signed-in owner whose demo is over (so subscriptions decide), with `credit` on the balance. */
export async function payingOwner(t: TestApp, credit = 0, user: Record<string, unknown> = {}) {
  const owner = await signedInUser(t, user);
  const [account] = await t.db.select().from(accounts).where(eq(accounts.email, owner.email));
  if (!account) throw new Error('no account');
  const call = apiClient(t);
  await call('GET', '/api/balance', { token: owner.token });
  if (credit !== 0) await addMoney(t, account.id, account.currency, credit);
  return { ...owner, accountId: account.id, currency: account.currency };
}

/** Moves the account's demo end into the past. */
export async function endDemo(t: TestApp, accountId: string) {
  await t.db
    .update(accounts)
    .set({ demoTill: new Date(t.clock.now().getTime() - 1000) })
    .where(eq(accounts.id, accountId));
  // Sessions keep a cached account row; a changed row must say so, as the services do.
  await accountChanged(t.kv, accountId);
}

/** An adjustment on the ledger, as an operator's correction would be. */
export async function addMoney(t: TestApp, accountId: string, currency: string, amountMinor: number) {
  await t.db.insert(balanceEntries).values({
    accountId,
    amountMinor,
    currency: currency as 'rub',
    kind: 'adjustment',
    createdAt: t.clock.now(),
  });
}

export const balanceTotal = async (t: TestApp, token: string) =>
  (await apiClient(t)('GET', '/api/balance', { token })).json.total_minor as number;
