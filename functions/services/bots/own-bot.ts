import { and, eq } from 'drizzle-orm';
import { type Bot, bots } from '../../../db/schema';
import { notFound } from '../../shared/app-error';
import { isUuid } from '../../shared/uuid';
import type { AccountContext } from '../context';

export const botNotFound = () => notFound('bot_not_found');

/** The condition that finds bot `id` of the asking account only; a malformed id is a 404 too. */
export function ownBotWhere(ctx: AccountContext, id: string) {
  if (!isUuid(id)) throw botNotFound();
  return and(eq(bots.id, id), eq(bots.accountId, ctx.account.id));
}

export async function ownBot(ctx: AccountContext, id: string): Promise<Bot> {
  const [row] = await ctx.ports.db.select().from(bots).where(ownBotWhere(ctx, id));
  if (!row) throw botNotFound();
  return row;
}
