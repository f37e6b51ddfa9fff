import { and, eq, isNull } from 'drizzle-orm';
import { type Chat, chats } from '../../db/schema';
import type { Db } from '../ports/db';

export interface ChatKey {
  accountId: string;
  channel: string;
  integrationId: string | null;
  externalId: string;
}

export const chatKeyWhere = (key: ChatKey) =>
  and(
    eq(chats.accountId, key.accountId),
    eq(chats.channel, key.channel),
    key.integrationId === null ? isNull(chats.integrationId) : eq(chats.integrationId, key.integrationId),
    eq(chats.externalId, key.externalId),
  );

export async function findChat(db: Db, key: ChatKey): Promise<Chat | undefined> {
  const [chat] = await db.select().from(chats).where(chatKeyWhere(key));
  return chat;
}

/**
 * The chat with this key, created on its first message; concurrent first messages share one. A chat
 * that came in before any bot served its channel is taken over by the bot serving it now.
 */
export async function ensureChat(db: Db, key: ChatKey, botId: string | null, now: Date): Promise<Chat> {
  const [created] = await db
    .insert(chats)
    .values({ ...key, botId, createdAt: now, lastMessageAt: now })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const found = await findChat(db, key);
  if (!found) throw new Error('chat vanished while it was being created');
  if (found.botId !== null || botId === null) return found;
  const [adopted] = await db
    .update(chats)
    .set({ botId })
    .where(and(eq(chats.id, found.id), isNull(chats.botId)))
    .returning();
  return adopted ?? found;
}
