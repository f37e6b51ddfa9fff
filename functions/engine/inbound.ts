import { and, eq } from 'drizzle-orm';
import { type Chat, type Message, messages } from '../../db/schema';
import type { Db } from '../ports/db';

export interface StoredInbound {
  message: Message;
  /** False when the channel delivered this message before: the engine does nothing again. */
  isNew: boolean;
}

/** Stores an inbound message once: its external id is unique within the chat. */
export async function storeInbound(
  db: Db,
  chat: Chat,
  inbound: { externalId: string; author: 'customer' | 'operator'; text: string; outgoing?: boolean },
  now: Date,
): Promise<StoredInbound> {
  const [inserted] = await db
    .insert(messages)
    .values({
      accountId: chat.accountId,
      chatId: chat.id,
      externalId: inbound.externalId,
      author: inbound.author,
      text: inbound.text,
      createdAt: now,
      // An operator who wrote in the channel itself was delivered there; one from Chats goes out next.
      deliveredAt: inbound.author === 'operator' && !inbound.outgoing ? now : null,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { message: inserted, isNew: true };
  const [existing] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, chat.id), eq(messages.externalId, inbound.externalId)));
  if (!existing) throw new Error('message vanished while it was being stored');
  return { message: existing, isNew: false };
}
