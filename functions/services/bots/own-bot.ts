import { and, eq } from 'drizzle-orm';
import { type Bot, bots } from '../../../db/schema';
import { notFound } from '../../http/errors';
import type { AccountContext } from '../context';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const botNotFound = () => notFound('bot_not_found');

/** The condition that finds bot `id` of the asking account only; a malformed id is a 404 too. */
export function ownBotWhere(ctx: AccountContext, id: string) {
  if (!UUID.test(id)) throw botNotFound();
  return and(eq(bots.id, id), eq(bots.accountId, ctx.account.id));
}

export async function ownBot(ctx: AccountContext, id: string): Promise<Bot> {
  const [row] = await ctx.ports.db.select().from(bots).where(ownBotWhere(ctx, id));
  if (!row) throw botNotFound();
  return row;
}
