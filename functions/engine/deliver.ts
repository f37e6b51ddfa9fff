import { and, asc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { type Chat, chats, type Message, messages } from '../../db/schema';
import { channelSender } from '../channels';
import { withAttachmentLinks } from '../channels/attachments';
import { safeErrorText } from '../shared/safe-error';
import type { EngineContext } from './context';
import { noteInChat } from './notes';

/** How long one delivery holds its message; after it a retry or the sweeper may try again. */
const DELIVERY_SECONDS = 60;

/**
 * Commit-then-send (ARCHITECTURE §6): a stored outgoing message (the bot's reply, an operator's
 * answer) goes out through its channel once. The delivery first takes the message (a short hold),
 * so the job's retry and the sweeper cannot send it at the same moment, and marks it delivered
 * after the channel took it. A run that dies in between leaves it undelivered: the hold runs out
 * and the next retry or sweep sends it.
 */
export async function deliverOnce(ctx: EngineContext, chat: Chat, message: Message): Promise<boolean> {
  if (message.deliveredAt) return false;
  const { db, clock } = ctx.ports;
  const now = clock.now();
  const [taken] = await db
    .update(messages)
    .set({ deliveringUntil: new Date(now.getTime() + DELIVERY_SECONDS * 1000) })
    .where(
      and(
        eq(messages.id, message.id),
        isNull(messages.deliveredAt),
        or(isNull(messages.deliveringUntil), lte(messages.deliveringUntil, now)),
      ),
    )
    .returning({ id: messages.id });
  if (!taken) return false;
  const sender = channelSender(chat.channel);
  await sender.deliver(
    ctx,
    chat,
    sender.sendsAttachments ? message : withAttachmentLinks(ctx.settings, message),
    { note: (key, text) => noteInChat(ctx, chat.id, key, text) },
  );
  await db.update(messages).set({ deliveredAt: clock.now() }).where(eq(messages.id, message.id));
  return true;
}

/** Outgoing messages of `chat` stored before `before` and not delivered yet, oldest first. */
async function undeliveredOf(ctx: EngineContext, chatId: string): Promise<Message[]> {
  return ctx.ports.db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.chatId, chatId),
        isNull(messages.deliveredAt),
        inArray(messages.author, ['bot', 'operator']),
      ),
    )
    .orderBy(asc(messages.seq))
    .limit(20);
}

/** Delivers what a crashed run of this chat left stored but unsent (a retry's first step). */
export async function deliverLeftovers(ctx: EngineContext, chat: Chat): Promise<void> {
  for (const message of await undeliveredOf(ctx, chat.id)) await deliverOnce(ctx, chat, message);
}

/** The sweeper's half: every outgoing message left undelivered for longer than a delivery hold. */
export async function deliverStale(ctx: EngineContext, limit = 100): Promise<number> {
  const { db, clock } = ctx.ports;
  const cutoff = new Date(clock.now().getTime() - DELIVERY_SECONDS * 1000);
  const stale = await db
    .select({ message: messages, chat: chats })
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.chatId))
    .where(
      and(
        isNull(messages.deliveredAt),
        inArray(messages.author, ['bot', 'operator']),
        lt(messages.createdAt, cutoff),
      ),
    )
    .orderBy(asc(messages.createdAt))
    .limit(limit);
  let sent = 0;
  for (const { message, chat } of stale) {
    try {
      if (await deliverOnce(ctx, chat, message)) sent++;
    } catch (error) {
      console.error(`delivering message ${message.id} failed`, safeErrorText(error));
    }
  }
  return sent;
}
