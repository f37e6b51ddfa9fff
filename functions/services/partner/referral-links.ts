import { and, desc, eq, sql } from 'drizzle-orm';
import {
  accounts,
  type ReferralLink,
  type ReferralUtm,
  referralLinks,
  transactions,
} from '../../../db/schema';
import { AppError, notFound } from '../../shared/app-error';
import { isUuid } from '../../shared/uuid';
import type { AccountContext } from '../context';
import { requirePartner } from './partner-only';

/** A partner keeps at most this many links. */
export const MAX_REFERRAL_LINKS = 100;
const CODE_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** A ref_id nobody can guess from another: 10 characters of an unambiguous alphabet. */
function newCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return Array.from(bytes, (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join('');
}

/** Our sign-up page with the link's ref_id and UTM tags, as the SPA captures them (SPEC §9). */
export function referralUrl(publicUrl: string, link: Pick<ReferralLink, 'code' | 'utm'>): string {
  const query = new URLSearchParams({ ref_id: link.code });
  for (const [key, value] of Object.entries(link.utm)) if (value) query.set(`utm_${key}`, value);
  return `${publicUrl.replace(/\/+$/, '')}/signup?${query}`;
}

const cleanUtm = (utm: ReferralUtm): ReferralUtm =>
  Object.fromEntries(Object.entries(utm).filter(([, value]) => typeof value === 'string' && value !== ''));

/** The listed link inside the subqueries (drizzle leaves the only table's columns unqualified). */
const linkId = sql.raw('"referral_links"."id"');

async function linkRows(ctx: AccountContext, partnerId: string, id?: string) {
  return ctx.ports.db
    .select({
      link: referralLinks,
      registrations: sql<string>`(select count(*) from ${accounts} signed where signed.referral_link_id = ${linkId})`,
      paying: sql<string>`(select count(*) from ${accounts} signed where signed.referral_link_id = ${linkId}
        and exists (select 1 from ${transactions} paid where paid.account_id = signed.id
                     and paid.status = 'paid' and paid.purse = 'account'))`,
    })
    .from(referralLinks)
    .where(and(eq(referralLinks.partnerAccountId, partnerId), id ? eq(referralLinks.id, id) : undefined))
    .orderBy(desc(referralLinks.createdAt), desc(referralLinks.id));
}

type LinkRow = Awaited<ReturnType<typeof linkRows>>[number];

const view = (ctx: AccountContext, row: LinkRow) => ({
  id: row.link.id,
  name: row.link.name,
  ref_id: row.link.code,
  url: referralUrl(ctx.settings.publicUrl, row.link),
  utm: row.link.utm,
  registrations: Number(row.registrations),
  paying: Number(row.paying),
  created_at: row.link.createdAt.toISOString(),
});

async function oneLink(ctx: AccountContext, id: string) {
  const partner = requirePartner(ctx);
  if (!isUuid(id)) throw notFound('referral_link_not_found');
  const [row] = await linkRows(ctx, partner.id, id);
  if (!row) throw notFound('referral_link_not_found');
  return view(ctx, row);
}

/** GET /api/partner/referral-links: each link with its sign-ups and the paying accounts among them. */
export async function listReferralLinks(ctx: AccountContext) {
  const partner = requirePartner(ctx);
  return { items: (await linkRows(ctx, partner.id)).map((row) => view(ctx, row)) };
}

export async function createReferralLink(ctx: AccountContext, input: { name: string; utm: ReferralUtm }) {
  const partner = requirePartner(ctx);
  const { db, clock } = ctx.ports;
  const [{ n } = { n: '0' }] = await db
    .select({ n: sql<string>`count(*)` })
    .from(referralLinks)
    .where(eq(referralLinks.partnerAccountId, partner.id));
  if (Number(n) >= MAX_REFERRAL_LINKS) {
    throw new AppError('validation_failed', 'referral_links_limit', { params: { max: MAX_REFERRAL_LINKS } });
  }
  const [created] = await db
    .insert(referralLinks)
    .values({
      partnerAccountId: partner.id,
      name: input.name,
      code: newCode(),
      utm: cleanUtm(input.utm),
      createdAt: clock.now(),
    })
    .returning();
  if (!created) throw new Error('the link was not stored');
  return oneLink(ctx, created.id);
}

export async function updateReferralLink(
  ctx: AccountContext,
  id: string,
  input: { name?: string; utm?: ReferralUtm },
) {
  await oneLink(ctx, id);
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.utm !== undefined ? { utm: cleanUtm(input.utm) } : {}),
  };
  if (Object.keys(changes).length > 0) {
    await ctx.ports.db.update(referralLinks).set(changes).where(eq(referralLinks.id, id));
  }
  return oneLink(ctx, id);
}

/** Deleting a link stops new sign-ups through it; the accounts it brought stay the partner's referrals. */
export async function deleteReferralLink(ctx: AccountContext, id: string): Promise<void> {
  await oneLink(ctx, id);
  await ctx.ports.db.delete(referralLinks).where(eq(referralLinks.id, id));
}

/**
 * The link a sign-up came through, by its ref_id, when its partner still is a partner and is not the
 * account itself; what register ties the new account to, once.
 */
export async function referralOf(db: AccountContext['ports']['db'], refId: string | undefined) {
  if (!refId || !/^[a-z0-9]{4,32}$/.test(refId)) return null;
  const [row] = await db
    .select({ linkId: referralLinks.id, partnerId: referralLinks.partnerAccountId, role: accounts.role })
    .from(referralLinks)
    .innerJoin(accounts, eq(accounts.id, referralLinks.partnerAccountId))
    .where(eq(referralLinks.code, refId));
  return row?.role === 'partner' ? { linkId: row.linkId, partnerId: row.partnerId } : null;
}
