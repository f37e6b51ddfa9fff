import { and, asc, eq } from 'drizzle-orm';
import { type Chat, chats, type Message, messages } from '../../db/schema';
import type { Db } from '../ports/db';
import { waitingCustomer } from './load';

/**
 * How long a respond run holds its chat before another may take it over (a run that crashed). The
 * run renews it before every model call, so a long answer keeps it.
 */
export const CLAIM_SECONDS = 180;

export type ChatClaim =
  | { kind: 'claimed'; chat: Chat; lease: string; waiting: Message[] }
  /** Another run answers this chat until `until`; try again after it. */
  | { kind: 'busy'; until: Date }
  /** Nothing to answer: a newer message's run answers them all, or all were dealt with. */
  | { kind: 'stand_down' };

/** One answer deals with at most this many waiting messages; the rest get the next answer. */
const MAX_WAITING = 200;

/**
 * ARCHITECTURE §6: respond runs for one chat are serialised. Under the chat's row lock, the run
 * takes a lease on the chat and the customer messages waiting up to `upToSeq`; only the holder of
 * the lease may record an answer for the chat, so two overlapping runs (QStash delivers in
 * parallel) can never split the waiting messages between them.
 */
export async function claimChat(db: Db, chatId: string, upToSeq: number, now: Date): Promise<ChatClaim> {
  return db.transaction(async (tx): Promise<ChatClaim> => {
    const [chat] = await tx.select().from(chats).where(eq(chats.id, chatId)).for('update');
    if (!chat) return { kind: 'stand_down' };
    if (chat.answeringUntil && chat.answeringUntil > now) return { kind: 'busy', until: chat.answeringUntil };
    const rows = await tx
      .select()
      .from(messages)
      .where(waitingCustomer(chatId))
      .orderBy(asc(messages.seq))
      .limit(MAX_WAITING);
    if (rows.some((row) => row.seq > upToSeq)) return { kind: 'stand_down' };
    const waiting = rows.filter((row) => row.seq <= upToSeq);
    if (waiting.length === 0) return { kind: 'stand_down' };
    const lease = crypto.randomUUID();
    const answeringUntil = new Date(now.getTime() + CLAIM_SECONDS * 1000);
    await tx.update(chats).set({ answeringLease: lease, answeringUntil }).where(eq(chats.id, chatId));
    return { kind: 'claimed', chat: { ...chat, answeringLease: lease, answeringUntil }, lease, waiting };
  });
}

/** Extends the lease before a slow step; false when the run has lost it (it then stops). */
export async function renewClaim(db: Db, chatId: string, lease: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(chats)
    .set({ answeringUntil: new Date(now.getTime() + CLAIM_SECONDS * 1000) })
    .where(and(eq(chats.id, chatId), eq(chats.answeringLease, lease)))
    .returning({ id: chats.id });
  return rows.length > 0;
}

/** The lease's end, as part of the transaction that records the answer; false when it was lost. */
export async function endClaim(tx: Pick<Db, 'update'>, chatId: string, lease: string): Promise<boolean> {
  const rows = await tx
    .update(chats)
    .set({ answeringLease: null, answeringUntil: null })
    .where(and(eq(chats.id, chatId), eq(chats.answeringLease, lease)))
    .returning({ id: chats.id });
  return rows.length > 0;
}
