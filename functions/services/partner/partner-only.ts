import { and, eq } from 'drizzle-orm';
import { type Account, accounts } from '../../../db/schema';
import { AppError, notFound } from '../../shared/app-error';
import { isUuid } from '../../shared/uuid';
import type { AccountContext } from '../context';

/** The partner programme is the partners' (SPEC §6): another account is told to choose the role. */
export function requirePartner(ctx: AccountContext): Account {
  if (ctx.account.role !== 'partner') throw new AppError('partner_only');
  return ctx.account;
}

/** One of the partner's own clients; any other account, however real, is 404. */
export async function ownClient(ctx: AccountContext, clientId: string): Promise<Account> {
  const partner = requirePartner(ctx);
  if (!isUuid(clientId)) throw notFound();
  const [client] = await ctx.ports.db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, clientId), eq(accounts.partnerAccountId, partner.id)));
  if (!client) throw notFound();
  return client;
}
