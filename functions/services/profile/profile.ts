import { eq } from 'drizzle-orm';
import { type Account, accounts } from '../../../db/schema';
import type { Db } from '../../ports/db';
import { AppError } from '../../shared/app-error';
import type { Currency, Language } from '../../shared/constants';
import type { TOUR_WALK_ENDS } from '../../shared/schemas/profile';
import { accountChanged } from '../auth/auth-cache';
import type { AccountContext } from '../context';
import { partnerBalanceOf } from '../partner/partner-balance';
import { changeCurrency } from './currency-change';

/** The §3 Profile as the SPA reads it; a partner's carries its partner balance. */
export async function profileView(db: Db, account: Account) {
  const partnerBalance = account.role === 'partner' ? await partnerBalanceOf(db, account) : 0;
  return {
    id: account.id,
    name: account.name,
    email: account.email,
    phone: account.phone,
    lang: account.lang,
    currency: account.currency,
    demo_till: account.demoTill.toISOString(),
    tour_showed: account.tourShowed,
    /** The guided walk after the questions: due until it is finished or skipped. */
    tour_walk: (account.tourAnswers?.walk ?? null) as TourWalk | null,
    role: account.role,
    notifications: account.notifications,
    clients_partner: { balance: partnerBalance },
    created_at: account.createdAt.toISOString(),
  };
}

export type ProfileView = Awaited<ReturnType<typeof profileView>>;

async function save(ctx: AccountContext, changes: Partial<typeof accounts.$inferInsert>) {
  const [account] = await ctx.ports.db
    .update(accounts)
    .set(changes)
    .where(eq(accounts.id, ctx.account.id))
    .returning();
  if (!account) throw new AppError('unauthorized');
  // Signed-in requests read the account from a cache; this makes them see the change at once.
  await accountChanged(ctx.ports.kv, account.id);
  return profileView(ctx.ports.db, account);
}

export async function updateProfile(
  ctx: AccountContext,
  input: { name?: string; phone?: string; lang?: Language; currency?: Currency; role?: 'client' | 'partner' },
) {
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  // Nothing named (an empty body, unknown fields only): the profile as it is, nothing written.
  if (Object.keys(changes).length === 0) return profileView(ctx.ports.db, ctx.account);
  if (input.currency) await changeCurrency(ctx, input.currency);
  return save(ctx, changes);
}

export async function saveTour(
  ctx: AccountContext,
  fields: { role: 'client' | 'partner'; industry?: string | undefined } & Record<string, string | undefined>,
) {
  const answers = Object.fromEntries(
    Object.entries(fields).filter(([, v]) => v !== undefined && v !== ''),
  ) as Record<string, string>;
  // The questions answered, the short walk over the main places follows (the web app shows it).
  return save(ctx, { tourAnswers: { ...answers, walk: 'due' }, tourShowed: true, role: fields.role });
}

export type TourWalk = 'due' | (typeof TOUR_WALK_ENDS)[number];

/** The walk finished or skipped: kept beside the answers, so it is not shown again. */
export async function endTourWalk(ctx: AccountContext, walk: (typeof TOUR_WALK_ENDS)[number]) {
  return save(ctx, { tourAnswers: { ...(ctx.account.tourAnswers ?? {}), walk } });
}

/** Normalises a Telegram recipient for comparison: usernames are case-insensitive, '@' optional. */
const recipientKey = (contact: string) =>
  /^-?\d+$/.test(contact) ? contact : contact.replace(/^@/, '').toLowerCase();

export async function setTelegramRecipients(ctx: AccountContext, contacts: string[]) {
  const seen = new Map<string, number>();
  for (const [index, contact] of contacts.entries()) {
    const key = recipientKey(contact);
    if (seen.has(key)) {
      throw new AppError('validation_failed', 'recipient_duplicate', {
        fields: { [`contacts.${index}`]: 'recipient_duplicate' },
      });
    }
    seen.set(key, index);
  }
  const normalized = contacts.map((c) => (/^-?\d+$/.test(c) || c.startsWith('@') ? c : `@${c}`));
  return save(ctx, { notifications: normalized });
}
