import { and, eq, inArray } from 'drizzle-orm';
import { type Chat, chats } from '../../../db/schema';
import { notFound } from '../../shared/app-error';
import { isUuid } from '../../shared/uuid';
import type { AccountContext } from '../context';

export const chatNotFound = () => notFound('chat_not_found');

/** Chat `id` of the asking account; another account's, unknown or malformed id is a 404. */
export async function ownChat(ctx: AccountContext, id: string): Promise<Chat> {
  if (!isUuid(id)) throw chatNotFound();
  const [row] = await ctx.ports.db
    .select()
    .from(chats)
    .where(and(eq(chats.id, id), eq(chats.accountId, ctx.account.id)));
  if (!row) throw chatNotFound();
  return row;
}

/** All the chats named, or a 404 when any of them is not the account's. */
export async function ownChats(ctx: AccountContext, ids: readonly string[]): Promise<Chat[]> {
  const unique = [...new Set(ids)];
  if (unique.some((id) => !isUuid(id))) throw chatNotFound();
  const rows = await ctx.ports.db
    .select()
    .from(chats)
    .where(and(inArray(chats.id, unique), eq(chats.accountId, ctx.account.id)));
  if (rows.length !== unique.length) throw chatNotFound();
  return rows;
}
