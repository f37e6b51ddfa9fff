import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { accounts, balanceEntries, bots, chats } from '../../../db/schema';
import type { AccountContext } from '../context';
import { clientView } from './client-view';
import { requirePartner } from './partner-only';

export const CLIENTS_PER_PAGE = 20;

/**
 * GET /api/partner/clients?q&page: the partner's clients, newest first, found by name or e-mail,
 * a page at a time, each with its balance (in its own currency), the bots it has switched on and
 * when its dialogues last moved.
 */
export async function listClients(ctx: AccountContext, query: { q?: string; page?: string }) {
  const partner = requirePartner(ctx);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(query.page ?? '1', 10) || 1));
  const q = (query.q ?? '').trim().slice(0, 100);
  const pattern = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const where = and(
    eq(accounts.partnerAccountId, partner.id),
    q ? or(ilike(accounts.name, pattern), ilike(accounts.email, pattern)) : undefined,
  );
  const rows = await ctx.ports.db
    .select({
      account: accounts,
      balanceMinor: sql<string>`coalesce((select sum(${balanceEntries.amountMinor}) from ${balanceEntries}
        where ${balanceEntries.accountId} = ${accounts.id} and ${balanceEntries.currency} = ${accounts.currency}), 0)`,
      botsOn: sql<string>`(select count(*) from ${bots} where ${bots.accountId} = ${accounts.id} and ${bots.isWork})`,
      lastActivityAt: sql<
        string | null
      >`(select max(${chats.lastMessageAt}) from ${chats} where ${chats.accountId} = ${accounts.id})`,
    })
    .from(accounts)
    .where(where)
    .orderBy(desc(accounts.createdAt), desc(accounts.id))
    .limit(CLIENTS_PER_PAGE)
    .offset((page - 1) * CLIENTS_PER_PAGE);
  const [count] = await ctx.ports.db.select({ total: sql<string>`count(*)` }).from(accounts).where(where);
  return {
    clients: rows.map((row) =>
      clientView(row.account, {
        balanceMinor: Number(row.balanceMinor),
        botsOn: Number(row.botsOn),
        lastActivityAt: row.lastActivityAt ? new Date(row.lastActivityAt) : null,
      }),
    ),
    page,
    per_page: CLIENTS_PER_PAGE,
    total: Number(count?.total ?? 0),
  };
}
