import { and, eq, isNull } from 'drizzle-orm';
import { type Chat, chats } from '../../db/schema';
import type { Db } from '../ports/db';

export interface ChatKey {
  accountId: string;
  channel: string;
  integrationId: string | null;
  externalId: string;
}

/** Who the customer is, as far as the channel says (Telegram's name and username, WhatsApp's phone). */
export interface CustomerIdentity {
  name?: string | null;
  phone?: string | null;
  username?: string | null;
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
