import { eq } from 'drizzle-orm';
import { chats, messages } from '../../db/schema';
import type { EngineContext } from './context';
import { messageView } from './message-view';
import { publishToChat } from './publish';

/**
 * A system line in a dialogue from outside an answer (a booking system's news of a record the bot
 * made): stored once under `key` and shown live; a chat that is gone is left alone.
 */
export async function noteInChat(
  ctx: EngineContext,
  chatId: string,
  key: string,
  text: string,
): Promise<void> {
  const { db, clock } = ctx.ports;
  const [chat] = await db
    .select({ id: chats.id, accountId: chats.accountId })
    .from(chats)
    .where(eq(chats.id, chatId));
  if (!chat) return;
  const now = clock.now();
  const [note] = await db
    .insert(messages)
    .values({
      accountId: chat.accountId,
      chatId: chat.id,
      externalId: `note:${key}`,
      author: 'system',
      text,
      createdAt: now,
      answeredAt: now,
      deliveredAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (note) await publishToChat(ctx, chat, { type: 'message', message: messageView(note) });
}
