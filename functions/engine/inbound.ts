import { type SQL, sql } from 'drizzle-orm';
import { type Chat, chats, type Message, messages } from '../../db/schema';
import { type Db, rowsOf } from '../ports/db';
import { rowFromJson } from '../ports/db-rows';
import { grouped, groupedPer } from '../ports/grouped';
import { deliveriesInsertSql, endpointIdsOf, NOTHING_HOOKED } from '../services/event-webhooks/emit';
import type { ChatKey, CustomerIdentity } from './chats';

export interface AcceptedInbound {
  chat: Chat;
  message: Message;
  /** False when the channel delivered this message before: the engine does nothing again. */
  isNew: boolean;
  /** The row's other columns: what `alongside` asked for. */
  alongside: Record<string, unknown>;
  /** Event webhook endpoints that got a delivery of this message's events: nudged after the commit. */
  hooked: string[];
}

interface StoredJson {
  chat: Record<string, unknown>;
  message: Record<string, unknown>;
  is_new: boolean;
}

/** One inbound message as engine_accept (migration 0017) stores it. */
export interface InboundToStore {
  key: ChatKey;
  botId: string | null;
  externalId: string;
  author: 'customer' | 'operator';
  text: string;
  /** An operator's answer written in Chats: stored undelivered, then sent through the channel once. */
  outgoing?: boolean;
  customer?: CustomerIdentity;
  refs?: Record<string, string>;
  /** The bot's due rule (accumulate.ts dueRule): a new customer message's answer is due by it. */
  due?: Record<string, number | null>;
  /** False when the account is known to have no event webhook endpoints: no outbox CTE for it. */
  events: boolean;
}

/** The gates' facts read in the same statement: its CTE named `cte`, unique within the statement. */
export type Alongside = (cte: string) => { with: SQL; columns: SQL };

interface Pending {
  input: Record<string, unknown>;
  /** Groups lock chats in this order, so two processes' groups do not wait on each other in a circle. */
  order: string;
  alongside?: Alongside;
  events: boolean;
}

interface StoredRow {
  n: number;
  value: StoredJson;
  alongside: Record<string, unknown> | null;
  hooked: unknown;
}

/**
 * The event webhooks' outbox rows of the stored messages (services/event-webhooks/emit.ts), in
 * the same statement: `chat.created` for a chat's first message (none before this statement, none
 * earlier in the group), `message.received` for a new customer message. No endpoints, no rows.
 */
const eventsOfAccepted = deliveriesInsertSql(sql`
  select (a.value->'chat'->>'account_id')::uuid as account_id, (a.value->'chat'->>'id')::uuid as chat_id,
    t.type,
    case t.type
      when 'chat.created' then jsonb_build_object('chat_id', a.value->'chat'->'id',
        'channel', a.value->'chat'->'channel', 'bot_id', a.value->'chat'->'bot_id',
        'integration_id', a.value->'chat'->'integration_id')
      else jsonb_build_object('chat_id', a.value->'chat'->'id', 'message_id', a.value->'message'->'id',
        'text', a.value->'message'->'text', 'channel', a.value->'chat'->'channel',
        'bot_id', a.value->'chat'->'bot_id')
    end as data,
    (a.value->'message'->>'created_at')::timestamptz as at, a.n * 2 + t.k as ord
  from accepted a cross join (values ('chat.created', 0), ('message.received', 1)) t(type, k)
  where (a.value->>'is_new')::boolean and case t.type
    when 'message.received' then a.value->'message'->>'author' = 'customer'
    else not exists (select 1 from messages m where m.chat_id = (a.value->'chat'->>'id')::uuid)
      and not exists (select 1 from accepted b
        where b.value->'chat'->>'id' = a.value->'chat'->>'id' and b.n < a.n)
  end`);

/**
 * Messages that arrived together stored by one statement: each its own engine_accept call, one
 * after another in the order of their chats (a call sees what the ones before it stored), with its
 * gates' facts beside it, read at the statement's start as a lone message's are.
 */
async function storeGroup(db: Db, group: Pending[]): Promise<AcceptedInbound[]> {
  const ordered = group
    .map((pending, index) => ({ pending, index }))
    .sort((a, b) => a.pending.order.localeCompare(b.pending.order) || a.index - b.index);
  const ctes: SQL[] = [];
  const selects = ordered.map(({ pending, index }) => {
    const facts = pending.alongside?.(`granted_${index}`);
    if (facts) ctes.push(facts.with);
    const alongside = facts ? sql`(select to_jsonb(f) from (select ${facts.columns}) f)` : sql`null::jsonb`;
    return sql`select ${index}::int as n, engine_accept(${JSON.stringify(pending.input)}::jsonb) as value, ${alongside} as alongside`;
  });
  ctes.push(sql`accepted as (${sql.join(selects, sql` union all `)})`);
  // The outbox's CTE only when a message's account may have endpoints (emit.ts mayHaveEventWebhooks).
  const events = group.some((pending) => pending.events);
  if (events) ctes.push(sql`events as (${eventsOfAccepted})`);
  const hooked = events
    ? sql`(select coalesce(array_agg(distinct e.endpoint_id), '{}')
        from events e where e.chat_id = (a.value->'chat'->>'id')::uuid)`
    : NOTHING_HOOKED;
  const rows = rowsOf<StoredRow>(
    await db.execute(sql`with ${sql.join(ctes, sql`, `)}
      select a.n, a.value, a.alongside, ${hooked} as hooked from accepted a`),
  );
  const byIndex = new Map(rows.map((row) => [Number(row.n), row]));
  return group.map((_, index) => {
    const row = byIndex.get(index);
    if (!row) throw new Error('engine_accept returned no row');
    return {
      chat: rowFromJson(chats, row.value.chat),
      message: rowFromJson(messages, row.value.message),
      isNew: row.value.is_new,
      alongside: row.alongside ?? {},
      hooked: endpointIdsOf(row.hooked),
    };
  });
}

const acceptorOf = groupedPer((db: Db) => grouped((group: Pending[]) => storeGroup(db, group)));

/**
 * A message as it arrives, in one round trip shared with the messages arriving at the same time
 * (group commit, ports/grouped.ts): the chat with its key (created on its first message,
 * concurrent first messages sharing one; otherwise its last message time moves on, what the channel
 * says of the customer and the chat's refs, key by key, replace what it said before; a chat that came
 * in before any bot served its channel is taken by the bot serving it now), the message stored once
 * by its external id within the chat, and, for a new one with `due`, the answer's due time on the chat.
 * Answered once the message is durable.
 */
export function acceptInbound(
  db: Db,
  inbound: InboundToStore,
  now: Date,
  /** The gates' facts (gates.ts), read in the same statement. */
  alongside?: Alongside,
): Promise<AcceptedInbound> {
  const input = {
    now: now.toISOString(),
    account_id: inbound.key.accountId,
    channel: inbound.key.channel,
    integration_id: inbound.key.integrationId,
    chat_external_id: inbound.key.externalId,
    bot_id: inbound.botId,
    customer_name: inbound.customer?.name ?? null,
    customer_phone: inbound.customer?.phone ?? null,
    customer_username: inbound.customer?.username ?? null,
    refs: inbound.refs ?? {},
    message_external_id: inbound.externalId,
    author: inbound.author,
    text: inbound.text,
    // An operator who wrote in the channel itself was delivered there; one from Chats goes out next.
    delivered: inbound.author === 'operator' && !inbound.outgoing,
    due: inbound.due ?? null,
  };
  const { accountId, channel, integrationId, externalId } = inbound.key;
  const order = [accountId, channel, integrationId ?? '', externalId].join('\n');
  return acceptorOf(db)({ input, order, alongside, events: inbound.events });
}
