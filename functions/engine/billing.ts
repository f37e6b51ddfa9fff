import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  type Account,
  type Bot,
  type Chat,
  chats,
  type HistoryAction,
  type HistoryEntry,
  historyEntries,
  type Message,
  type MessageAttachment,
  messages,
} from '../../db/schema';
import { channelSender } from '../channels';
import type { TokenUsage } from '../shared/models';
import type { ChatStop } from './chat-state';
import { endClaim } from './claim';
import type { EngineContext } from './context';
import { type EngineEvent, isReplyEvent } from './events';
import { releaseHold, settleHold, writeCharge } from './holds';

export interface Outcome {
  account: Account;
  /** Null for a chat whose bot was deleted (its summary can still be asked for). */
  bot: Bot | null;
  chat: Chat;
  /** The waiting customer messages this outcome deals with. */
  handled: Message[];
  event: EngineEvent;
  response?: string | null;
  error?: string | null;
  priceMinor?: number;
  /** Answered with the account's own ChatGPT key: price 0, and History says why. */
  ownKey?: boolean;
  model?: string | null;
  usage?: TokenUsage;
  actions?: HistoryAction[];
  /** Files sent with the reply (the media action). */
  attachments?: MessageAttachment[];
  /** System lines for the chat made by tools (Turn.notices), stored before the reply. */
  notices?: string[];
  /** Variables filled (only the new values) and a stop decided while answering; written with the answer. */
  variables?: Record<string, string>;
  stop?: ChatStop | null;
  /**
   * The stored reply's external id, unique in the chat; a reply with this id stored already means
   * another run did this work, and nothing is written. Defaults to one per history row.
   */
  replyExternalId?: string;
  /** The respond run's lease on the chat (claim.ts): recorded only while it still holds it, and ended. */
  lease?: string;
  /** The balance hold of this answer (holds.ts): settled into the exact charge. */
  holdId?: string | null;
  /** False for a text that is not a message of the dialogue (a summary): kept in history only. */
  storeReply?: boolean;
}

export interface RecordedOutcome {
  history: HistoryEntry;
  /** The bot's stored reply, for answers. */
  reply: Message | null;
  /** The system lines stored with it. */
  notices: Message[];
}

class AlreadyHandled extends Error {}

/**
 * Writes one outcome in ONE transaction: it claims the handled customer messages, writes the
 * history row, charges its price to the balance ledger, stores the reply and the chat's changes.
 * When another run claimed any of the messages (or stored the reply's external id, or took over
 * the chat's lease) first, nothing is written and null is returned, so an answer is stored, charged
 * and sent once however often its job is delivered. The lease and the hold end either way.
 */
export async function recordOutcome(
  ctx: EngineContext,
  outcome: Outcome,
  now: Date,
): Promise<RecordedOutcome | null> {
  const { account, bot, chat, handled } = outcome;
  const ids = handled.map((message) => message.id);
  try {
    return await ctx.ports.db.transaction(async (tx) => {
      const priceMinor = outcome.holdId
        ? await settleHold(tx, account, outcome.holdId, outcome.priceMinor ?? 0, now)
        : (outcome.priceMinor ?? 0);
      if (ids.length > 0) {
        const claimed = await tx
          .update(messages)
          .set({ answeredAt: now })
          .where(and(inArray(messages.id, ids), isNull(messages.answeredAt)))
          .returning({ id: messages.id });
        if (claimed.length !== ids.length) throw new AlreadyHandled();
      }
      const [history] = await tx
        .insert(historyEntries)
        .values({
          accountId: account.id,
          botId: bot?.id ?? null,
          chatId: chat.id,
          source: chat.channel,
          channel: chat.channel,
          message: handled.map((message) => message.text).join('\n\n'),
          response: outcome.response ?? null,
          event: outcome.event,
          status: isReplyEvent(outcome.event) ? 'success' : 'error',
          error: outcome.error ?? null,
          priceMinor,
          ownKey: outcome.ownKey ?? false,
          currency: account.currency,
          model: outcome.model ?? null,
          promptTokens: outcome.usage?.promptTokens ?? 0,
          completionTokens: outcome.usage?.completionTokens ?? 0,
          embeddingTokens: outcome.usage?.embeddingTokens ?? 0,
          actions: outcome.actions ?? [],
          createdAt: now,
        })
        .returning();
      if (!history) throw new Error('history insert returned nothing');
      await writeCharge(tx, account, priceMinor, { kind: 'charge', historyId: history.id }, now);
      const notices =
        outcome.notices && outcome.notices.length > 0
          ? await tx
              .insert(messages)
              .values(
                outcome.notices.map((text, index) => ({
                  accountId: account.id,
                  chatId: chat.id,
                  externalId: `notice:${history.id}:${index}`,
                  author: 'system' as const,
                  text,
                  historyId: history.id,
                  createdAt: now,
                  answeredAt: now,
                  deliveredAt: now,
                })),
              )
              .returning()
          : [];
      let reply: Message | null = null;
      if (outcome.response && outcome.storeReply !== false) {
        [reply = null] = await tx
          .insert(messages)
          .values({
            accountId: account.id,
            chatId: chat.id,
            externalId: outcome.replyExternalId ?? `bot:${history.id}`,
            author: 'bot',
            text: outcome.response,
            attachments: outcome.attachments ?? [],
            historyId: history.id,
            createdAt: now,
            answeredAt: now,
            deliveredAt: channelSender(chat.channel).deliversByStoring ? now : null,
          })
          .onConflictDoNothing()
          .returning();
        if (!reply) throw new AlreadyHandled();
      }
      if (reply || outcome.variables || outcome.stop || outcome.lease) {
        const updated = await tx
          .update(chats)
          .set({
            ...(reply ? { lastMessageAt: now } : {}),
            // Merged in SQL, so values another answer filled meanwhile are kept.
            ...(outcome.variables
              ? { variables: sql`${chats.variables} || ${JSON.stringify(outcome.variables)}::jsonb` }
              : {}),
            ...(outcome.stop ?? {}),
            // The run's claim on the chat ends with what it recorded.
            ...(outcome.lease ? { answeringLease: null, answeringUntil: null } : {}),
          })
          .where(
            and(eq(chats.id, chat.id), outcome.lease ? eq(chats.answeringLease, outcome.lease) : undefined),
          )
          .returning({ id: chats.id });
        // Another run took the chat over (this one's lease ran out): it records nothing.
        if (updated.length === 0) throw new AlreadyHandled();
      }
      return { history, reply, notices };
    });
  } catch (error) {
    if (!(error instanceof AlreadyHandled)) throw error;
    if (outcome.holdId) await releaseHold(ctx.ports.db, outcome.holdId);
    if (outcome.lease) await endClaim(ctx.ports.db, chat.id, outcome.lease);
    return null;
  }
}
