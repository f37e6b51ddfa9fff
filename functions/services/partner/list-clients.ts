import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { accounts, bots, chats, subscriptions } from '../../../db/schema';
import type { ClientsQuery } from '../../shared/schemas/partner';
import { ledgerTotalSql } from '../billing/balance';
import type { AccountContext } from '../context';
import { clientView } from './client-view';
import { requirePartner } from './partner-only';

export const CLIENTS_PER_PAGE = 20;

/**
 * The listed account inside a correlated subquery: drizzle writes a column of the query's only table
 * unqualified, which the subquery would read as its own table's column.
 */
const clientId = sql.raw('"accounts"."id"');
const clientCurrency = sql.raw('"accounts"."currency"');

/**
 * GET /api/partner/clients?q&page: the partner's clients, newest first, found by name or e-mail,
 * a page at a time, each with its balance (in its own currency), the bots it has switched on, when
 * its dialogues last moved, the end of its paid subscription (running or bought ahead) and of its demo.
 */
export async function listClients(ctx: AccountContext, query: ClientsQuery) {
  const partner = requirePartner(ctx);
  const now = ctx.ports.clock.now();
  const page = Math.max(1, Math.min(10_000, query.page));
  const { q } = query;
  const pattern = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const where = and(
    eq(accounts.partnerAccountId, partner.id),
    q ? or(ilike(accounts.name, pattern), ilike(accounts.email, pattern)) : undefined,
  );
  const rows = await ctx.ports.db
    .select({
      account: accounts,
      balanceMinor: sql<string>`${ledgerTotalSql(clientId, clientCurrency)}`,
      botsOn: sql<string>`(select count(*) from ${bots} where ${bots.accountId} = ${clientId} and ${bots.isWork})`,
      lastActivityAt: sql<string | null>`(select max(${chats.lastMessageAt}) from ${chats}
        where ${chats.accountId} = ${clientId})`,
      subscriptionExpiresAt: sql<string | null>`(select max(${subscriptions.expiresAt}) from ${subscriptions}
        where ${subscriptions.accountId} = ${clientId} and ${subscriptions.paidAt} is not null
          and ${subscriptions.expiresAt} > ${now.toISOString()})`,
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
        subscriptionExpiresAt: row.subscriptionExpiresAt ? new Date(row.subscriptionExpiresAt) : null,
      }),
    ),
    page,
    per_page: CLIENTS_PER_PAGE,
    total: Number(count?.total ?? 0),
  };
}
