import { and, eq, sql } from 'drizzle-orm';
import { type Account, accounts, partnerEntries, transactions } from '../../../db/schema';
import type { Tx } from '../../engine/holds';
import type { Db } from '../../ports/db';
import { type PartnerStatus, partnerStatusFor } from '../../shared/partner-programme';

/** The partner balance (SPEC §3 clients_partner.balance): its ledger's sum in the partner's currency. */
export async function partnerBalanceOf(
  db: Db | Tx,
  partner: Pick<Account, 'id' | 'currency'>,
): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${partnerEntries.amountMinor}), 0)` })
    .from(partnerEntries)
    .where(
      and(eq(partnerEntries.partnerAccountId, partner.id), eq(partnerEntries.currency, partner.currency)),
    );
  return Number(row?.total ?? 0);
}

/**
 * How many of the partner's accounts pay: its clients and the accounts its links brought in, with
 * at least one settled payment of their own (by card, invoice, or from the partner).
 */
export async function payingAccountsOf(db: Db | Tx, partnerId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`count(*)` })
    .from(accounts)
    .where(
      and(
        sql`(${accounts.partnerAccountId} = ${partnerId} or ${accounts.referredByPartnerId} = ${partnerId})`,
        sql`exists (select 1 from ${transactions} where ${transactions.accountId} = "accounts"."id"
                     and ${transactions.status} = 'paid' and ${transactions.purse} = 'account')`,
      ),
    );
  return Number(row?.n ?? 0);
}

export const partnerStatusOf = async (db: Db | Tx, partnerId: string): Promise<PartnerStatus> =>
  partnerStatusFor(await payingAccountsOf(db, partnerId));

/**
 * The partner an account's money earns for: the partner that manages it, otherwise the one whose
 * link it signed up through; only while that account still is a partner.
 */
export async function earningPartnerOf(db: Db | Tx, accountId: string): Promise<Account | null> {
  const [owner] = await db
    .select({ managedBy: accounts.partnerAccountId, referredBy: accounts.referredByPartnerId })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const partnerId = owner?.managedBy ?? owner?.referredBy;
  if (!partnerId) return null;
  const [partner] = await db.select().from(accounts).where(eq(accounts.id, partnerId));
  return partner?.role === 'partner' ? partner : null;
}
