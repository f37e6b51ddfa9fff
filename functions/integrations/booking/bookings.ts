import { and, eq } from 'drizzle-orm';
import { accounts, type Booking, type BookingState, bookings } from '../../../db/schema';
import type { EngineContext } from '../../engine/context';
import type { Language } from '../../shared/constants';

/**
 * The bookings the bot made (db/schema/bookings.ts), kept so that a booking system's later news of
 * one (a record webhook, an invitee event) reaches the dialogue it came from.
 */

export interface NewBooking {
  accountId: string;
  integrationId: string;
  chatId: string;
  externalId: string;
  summary: string;
  startsAt: Date | null;
}

/** Keeps a booking once: a retried run that made the same one changes nothing. */
export async function rememberBooking(ctx: EngineContext, booking: NewBooking): Promise<void> {
  await ctx.ports.db.insert(bookings).values(booking).onConflictDoNothing();
}

export async function bookingOf(
  ctx: EngineContext,
  integrationId: string,
  externalId: string,
): Promise<Booking | undefined> {
  const [row] = await ctx.ports.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.integrationId, integrationId), eq(bookings.externalId, externalId)));
  return row;
}

/** What the system told of a booking; `summary` and `startsAt` when they changed. */
export async function updateBooking(
  ctx: EngineContext,
  id: string,
  change: { state: BookingState; summary?: string; startsAt?: Date | null },
): Promise<void> {
  await ctx.ports.db
    .update(bookings)
    .set({ ...change, updatedAt: ctx.ports.clock.now() })
    .where(eq(bookings.id, id));
}

/** The language of the account's lines about its bookings (the owner reads them in Chats). */
export async function accountLanguage(ctx: EngineContext, accountId: string): Promise<Language> {
  const [account] = await ctx.ports.db
    .select({ lang: accounts.lang })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return account?.lang ?? 'ru';
}
