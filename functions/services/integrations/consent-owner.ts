import { eq } from 'drizzle-orm';
import { accounts } from '../../../db/schema';
import type { AccountContext, ServiceContext } from '../context';

/** The account a consent was started by, as a service context for connecting; null when it is gone. */
export async function consentOwnerContext(
  ctx: ServiceContext,
  accountId: string,
): Promise<AccountContext | null> {
  const [account] = await ctx.ports.db.select().from(accounts).where(eq(accounts.id, accountId));
  return account ? { ...ctx, lang: account.lang, account, sessionId: null } : null;
}
