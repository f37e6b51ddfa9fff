import { type SQL, sql } from 'drizzle-orm';
import type { HistoryAction } from '../../../db/schema';
import type { ChatStop } from '../../engine/chat-state';
import { deliveriesInsertSql } from './emit';

/** What of an engine outcome (engine/billing.ts Outcome) its events tell. */
export interface OutcomeFacts {
  accountId: string;
  chatId: string;
  botId: string | null;
  channel: string;
  actions?: HistoryAction[];
  stop?: ChatStop | null;
  /** What the model said of a stop (the stop action's reason and summary). */
  handover?: { reason: string; summary: string };
  /** The chat's variables after this outcome. */
  variables: Record<string, string>;
}

interface KnownEvent {
  type: string;
  data: Record<string, unknown>;
  ord: number;
}

/** The events JavaScript knows in full: each action run, and the stop. */
function knownEvents(facts: OutcomeFacts): KnownEvent[] {
  const chat = { chat_id: facts.chatId, bot_id: facts.botId };
  const actions = (facts.actions ?? []).map(
    (action): KnownEvent => ({
      type: 'action.executed',
      data: {
        ...chat,
        action: action.type,
        name: action.name,
        result: { ok: action.ok, ...(action.detail ? { detail: action.detail } : {}) },
      },
      ord: 0,
    }),
  );
  const stopped =
    facts.stop && facts.stop.state !== 'working'
      ? [
          {
            type: 'bot.stopped',
            data: {
              ...chat,
              reason: 'bot',
              state: facts.stop.state,
              paused_until: facts.stop.pausedUntil?.toISOString() ?? null,
              stop_reason: facts.handover?.reason || null,
              summary: facts.handover?.summary || null,
              variables: facts.variables,
            },
            ord: 2,
          },
        ]
      : [];
  return [...actions, ...stopped];
}

/**
 * The event webhooks' outbox rows of an outcome written by engine_record (its result in CTE `r`,
 * column `value`), for the same statement: `action.executed` per action run, `message.answered`
 * with the stored reply and the history row's price, `bot.stopped` when the answer stopped the bot.
 * (`balance.low` comes from the ledger's trigger, migration 0020, for every kind of charge.)
 * Nothing when another run recorded it first (`recorded` false): the events are that run's.
 */
export function outcomeEventsSql(facts: OutcomeFacts, now: Date): SQL {
  return deliveriesInsertSql(sql`
    select ${facts.accountId}::uuid as account_id,
      ${facts.chatId}::uuid as chat_id, x.type, x.data,
      ${now.toISOString()}::timestamptz as at, x.ord
    from r cross join lateral (
      select 'message.answered'::text as type, jsonb_build_object(
          'chat_id', ${facts.chatId}::text, 'bot_id', ${facts.botId}::text,
          'message_id', r.value->'reply'->'id', 'text', r.value->'reply'->'text',
          'channel', ${facts.channel}::text, 'history_id', r.value->'history'->'id',
          'price_minor', r.value->'history'->'price_minor', 'currency', r.value->'history'->'currency') as data,
        1 as ord
      where jsonb_typeof(r.value->'reply') = 'object'
      union all
      select e->>'type', e->'data', (e->>'ord')::int
      from jsonb_array_elements(${JSON.stringify(knownEvents(facts))}::jsonb) e
    ) x
    where (r.value->>'recorded')::boolean`);
}
