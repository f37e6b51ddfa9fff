import { and, eq, isNull, sql } from 'drizzle-orm';
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

/**
 * The chat with this key as a message arrives, in one statement: created on its first message
 * (concurrent first messages share one), otherwise its last message time moves on and what the
 * channel now says about the customer (and the chat's refs, key by key) replaces what it said
 * before. A chat that came in before any bot served its channel is taken over by the bot serving it now.
 */
export async function ensureChat(
  db: Db,
  key: ChatKey,
  botId: string | null,
  now: Date,
  customer: CustomerIdentity = {},
  refs: Record<string, string> = {},
): Promise<Chat> {
  const [chat] = await db
    .insert(chats)
    .values({
      ...key,
      botId,
      createdAt: now,
      lastMessageAt: now,
      customerName: customer.name || null,
      customerPhone: customer.phone || null,
      customerUsername: customer.username || null,
      channelRefs: refs,
    })
    .onConflictDoUpdate({
      target: [chats.accountId, chats.channel, chats.integrationId, chats.externalId],
      set: {
        lastMessageAt: sql`greatest(${chats.lastMessageAt}, excluded.last_message_at)`,
        botId: sql`coalesce(${chats.botId}, excluded.bot_id)`,
        customerName: sql`coalesce(excluded.customer_name, ${chats.customerName})`,
        customerPhone: sql`coalesce(excluded.customer_phone, ${chats.customerPhone})`,
        customerUsername: sql`coalesce(excluded.customer_username, ${chats.customerUsername})`,
        channelRefs: sql`${chats.channelRefs} || excluded.channel_refs`,
      },
    })
    .returning();
  if (!chat) throw new Error('the chat upsert returned nothing');
  return chat;
}
