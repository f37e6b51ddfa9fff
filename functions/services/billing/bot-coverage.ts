import { and, asc, eq, sql } from 'drizzle-orm';
import { type Account, type Bot, bots } from '../../../db/schema';
import type { Db } from '../../ports/db';
import { capacityByKind, coveredTill, demoActive } from './subscriptions';

export interface BotSubscription {
  /** Whether the bot has (a working bot) or would get (a switched-off one) a place. */
  active: boolean;
  /** When the subscription (or the demo) that covers bots ends; null without one. */
  till: string | null;
}

/**
 * The subscription each bot of the account is in, for the bot views: the places go to the working
 * bots that started first (as the engine's gate decides); a switched-off bot is shown active while
 * a place is free for it.
 */
export async function botCoverage(
  db: Db,
  account: Account,
  now: Date,
): Promise<(bot: Bot) => BotSubscription> {
  const till = (await coveredTill(db, account, 'bots', now))?.toISOString() ?? null;
  if (demoActive(account, now)) return () => ({ active: true, till });
  const capacity = (await capacityByKind(db, account.id, now)).get('bots') ?? 0;
  const working = await db
    .select({ id: bots.id })
    .from(bots)
    .where(and(eq(bots.accountId, account.id), eq(bots.isWork, true)))
    .orderBy(asc(sql`coalesce(${bots.workStartedAt}, ${bots.createdAt})`), asc(bots.id));
  const placed = new Set(working.slice(0, capacity).map((row) => row.id));
  const free = capacity > working.length;
  return (bot) => ({ active: bot.isWork ? placed.has(bot.id) : free, till });
}
