import { and, eq, sql } from 'drizzle-orm';
import {
  type Account,
  accounts,
  type Bot,
  bots,
  type Chat,
  chats,
  type Message,
  messages,
} from '../../db/schema';
import type { Db } from '../ports/db';
import { rowFromJson, selectValue } from '../ports/db-rows';

/**
 * How long a respond run holds its chat before another may take it over (a run that crashed). The
 * run renews it before every model call, so a long answer keeps it.
 */
export const CLAIM_SECONDS = 180;

/** What the claim found besides its outcome: the chat, and whether outgoing messages wait undelivered. */
interface Found {
  chat: Chat;
  /** The message the run answers up to. */
  target: Message;
  /** An earlier run stored messages it could not send: the run delivers them first. */
  leftovers: boolean;
}

export type ChatClaim =
  | ({
      kind: 'claimed';
      lease: string;
      waiting: Message[];
      /** The chat's account, and its bot (undefined once deleted), read with the claim. */
      account: Account | undefined;
      bot: Bot | undefined;
    } & Found)
  /** Another run answers this chat until `until`; try again after it. */
  | ({ kind: 'busy'; until: Date } & Found)
  /** Nothing to answer: a newer message's run answers them all, or all were dealt with. */
  | ({ kind: 'stand_down' } & Found)
  /** The chat or the message is gone. */
  | { kind: 'gone' };

/** One answer deals with at most this many waiting messages; the rest get the next answer. */
const MAX_WAITING = 200;

interface ClaimJson {
  kind: ChatClaim['kind'];
  chat?: Record<string, unknown>;
  target?: Record<string, unknown>;
  waiting?: Record<string, unknown>[];
  until?: string;
  leftovers?: boolean;
  account?: Record<string, unknown> | null;
  bot?: Record<string, unknown> | null;
}

/**
 * ARCHITECTURE §6: respond runs for one chat are serialised. Under the chat's row lock, the run
 * takes a lease on the chat and the customer messages waiting up to the target message; only the
 * holder of the lease may record an answer for the chat, so two overlapping runs (QStash delivers
 * in parallel) can never split the waiting messages between them. One round trip: the database's
 * engine_claim (migration 0016) does the lock, the reads and the lease.
 */
export async function claimChat(db: Db, chatId: string, messageId: string, now: Date): Promise<ChatClaim> {
  const lease = crypto.randomUUID();
  const until = new Date(now.getTime() + CLAIM_SECONDS * 1000);
  const found = await selectValue<ClaimJson>(
    db,
    sql`select engine_claim(${chatId}::uuid, ${messageId}::uuid, ${now.toISOString()}::timestamptz,
      ${lease}::uuid, ${until.toISOString()}::timestamptz, ${MAX_WAITING}) as value`,
  );
  if (found.kind === 'gone' || !found.chat || !found.target) return { kind: 'gone' };
  const known: Found = {
    chat: rowFromJson(chats, found.chat),
    target: rowFromJson(messages, found.target),
    leftovers: found.leftovers === true,
  };
  if (found.kind === 'busy') return { kind: 'busy', until: new Date(found.until ?? now), ...known };
  if (found.kind === 'stand_down') return { kind: 'stand_down', ...known };
  const waiting = (found.waiting ?? []).map((row) => rowFromJson(messages, row));
  // The password's hash never leaves the database here.
  const account = found.account ? { ...rowFromJson(accounts, found.account), passwordHash: '' } : undefined;
  const bot = found.bot ? rowFromJson(bots, found.bot) : undefined;
  return { kind: 'claimed', lease, waiting, account, bot, ...known };
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
