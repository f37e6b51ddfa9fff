import { eq } from 'drizzle-orm';
import { accounts, balanceEntries } from '../db/schema';
import { signedInUser } from '../tests/api/support/client';
import type { TestApp } from '../tests/support/test-app';

/** A signed-in owner whose balance never runs out during a bench. */
export async function fundedOwner(t: TestApp) {
  const owner = await signedInUser(t);
  const [account] = await t.db.select().from(accounts).where(eq(accounts.email, owner.email));
  if (!account) throw new Error('no account');
  await t.db.insert(balanceEntries).values({
    accountId: account.id,
    amountMinor: 100_000_000,
    currency: account.currency,
    kind: 'top_up',
    createdAt: t.clock.now(),
  });
  return { ...owner, account };
}
