import { sql } from 'drizzle-orm';
import {
  type Account,
  type Bot,
  type Chat,
  type HistoryAction,
  type HistoryEntry,
  historyEntries,
  type Message,
  type MessageAttachment,
  messages,
} from '../../db/schema';
import { channelSender } from '../channels';
import { rowsOf } from '../ports/db';
import { rowFromJson } from '../ports/db-rows';
import {
  endpointIdsOf,
  hookedSql,
  mayHaveEventWebhooks,
  NOTHING_HOOKED,
} from '../services/event-webhooks/emit';
import { nudgeEndpoints } from '../services/event-webhooks/nudge';
import { outcomeEventsSql } from '../services/event-webhooks/outcome-events';
import type { TokenUsage } from '../shared/models';
import type { ChatStop } from './chat-state';
import type { EngineContext } from './context';
import { type EngineEvent, isReplyEvent } from './events';

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
  /** What the model said of a stop it decided (the event webhooks' bot.stopped tells it). */
  handover?: { reason: string; summary: string };
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
  /** With `newerThan`: the newest customer message still waiting after it, whose answer is due next. */
  newer: Message | null;
}

interface RecordJson {
  recorded: boolean;
  history?: Record<string, unknown>;
  reply?: Record<string, unknown> | null;
  notices?: Record<string, unknown>[];
  newer?: Record<string, unknown> | null;
  charged?: number;
  asked?: number;
}

/** The outcome as engine_record reads it. */
function recordInput(outcome: Outcome, now: Date, newerThan: number | undefined) {
  const { account, bot, chat, handled, stop } = outcome;
  return {
    now: now.toISOString(),
    account_id: account.id,
    currency: account.currency,
    bot_id: bot?.id ?? null,
    chat_id: chat.id,
    channel: chat.channel,
    handled_ids: handled.map((message) => message.id),
    message: handled.map((message) => message.text).join('\n\n'),
    response: outcome.response ?? null,
    event: outcome.event,
    status: isReplyEvent(outcome.event) ? 'success' : 'error',
    error: outcome.error ?? null,
    price_minor: outcome.priceMinor ?? 0,
    own_key: outcome.ownKey ?? false,
    model: outcome.model ?? null,
    prompt_tokens: outcome.usage?.promptTokens ?? 0,
    completion_tokens: outcome.usage?.completionTokens ?? 0,
    embedding_tokens: outcome.usage?.embeddingTokens ?? 0,
    actions: outcome.actions ?? [],
    notices: outcome.notices ?? [],
    store_reply: outcome.storeReply !== false,
    reply_external_id: outcome.replyExternalId ?? null,
    attachments: outcome.attachments ?? [],
    delivered_by_storing: channelSender(chat.channel).deliversByStoring,
    variables: outcome.variables ?? null,
    stop: stop
      ? {
          state: stop.state,
          paused_until: stop.pausedUntil?.toISOString() ?? null,
          pause_code: stop.pauseCode,
          resume_on_message: stop.resumeOnMessage,
        }
      : null,
    lease: outcome.lease ?? null,
    hold_id: outcome.holdId ?? null,
    ...(newerThan === undefined ? {} : { newer_than: newerThan }),
  };
}

/**
 * Writes one outcome at once, in one round trip (the database's engine_record, migration 0016): it
 * claims the handled customer messages, writes the history row, charges its price to the balance
 * ledger (settling the hold, never beyond the balance left), stores the reply and the chat's
 * changes. When another run claimed any of the messages (or stored the reply's external id, or
 * took over the chat's lease) first, nothing is written and null is returned, so an answer is
 * stored, charged and sent once however often its job is delivered. The lease and the hold end
 * either way. `newerThan` (a seq) asks for the newest customer message still waiting after it.
 */
export async function recordOutcome(
  ctx: EngineContext,
  outcome: Outcome,
  now: Date,
  newerThan?: number,
): Promise<RecordedOutcome | null> {
  const input = JSON.stringify(recordInput(outcome, now, newerThan));
  // The event webhooks' outbox rows ride in the same statement (services/event-webhooks).
  const events =
    mayHaveEventWebhooks(outcome.account) &&
    outcomeEventsSql(
      {
        accountId: outcome.account.id,
        chatId: outcome.chat.id,
        botId: outcome.bot?.id ?? null,
        channel: outcome.chat.channel,
        actions: outcome.actions,
        stop: outcome.stop,
        handover: outcome.handover,
        variables: { ...outcome.chat.variables, ...outcome.variables },
      },
      now,
    );
  const statement = events
    ? sql`with r as (select engine_record(${input}::jsonb) as value), events as (${events})
        select r.value, ${hookedSql('events')} as hooked from r`
    : sql`select engine_record(${input}::jsonb) as value, ${NOTHING_HOOKED} as hooked`;
  const [row] = rowsOf<{ value: RecordJson; hooked: unknown }>(await ctx.ports.db.execute(statement));
  if (!row) throw new Error('the statement returned no row');
  const found = row.value;
  const hooked = endpointIdsOf(row.hooked);
  await nudgeEndpoints(ctx.ports, hooked);
  if (!found.recorded || !found.history) return null;
  if (found.asked !== undefined && found.charged !== undefined && found.charged < found.asked) {
    console.error(
      `account ${outcome.account.id}: a price of ${found.asked} over its hold; charged ${found.charged}`,
    );
  }
  return {
    history: rowFromJson(historyEntries, found.history),
    reply: found.reply ? rowFromJson(messages, found.reply) : null,
    notices: (found.notices ?? []).map((row) => rowFromJson(messages, row)),
    newer: found.newer ? rowFromJson(messages, found.newer) : null,
  };
}
