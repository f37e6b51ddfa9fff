import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../ports/db';
import type { EventType } from '../../shared/event-webhooks';

/** Anything that runs a statement: the db port or a transaction of it. */
interface Executor {
  execute(query: SQL): Promise<unknown>;
}

export interface EmittedEvent {
  accountId: string;
  type: EventType;
  /** The chat it is about: deliveries of one chat keep their order. */
  chatId?: string | null;
  data: Record<string, unknown>;
}

/** An event's time as the body carries it: ISO 8601 in UTC with milliseconds, like Date#toISOString. */
const isoSql = (at: SQL) => sql`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The outbox write as one INSERT … SELECT, to stand alone or ride in a CTE of the statement that
 * writes the event itself (the outbox rule: the event and its deliveries commit together, so a
 * retried step cannot produce an event twice or lose it). `source` is a SELECT of
 * `(account_id uuid, chat_id uuid, type text, data jsonb, at timestamptz, ord int)`: each row
 * becomes one delivery per enabled endpoint of the account subscribed to the type, in `ord` order
 * (their `seq`), with `id` the `webhook-id` (`msg_…`) and `body` the exact JSON every attempt sends:
 * `{"type", "timestamp", "data"}`. Returns `endpoint_id, chat_id` of the rows written. An account
 * without endpoints joins nothing: no row, no further statement.
 */
export function deliveriesInsertSql(source: SQL): SQL {
  return sql`insert into event_webhook_deliveries
      (id, endpoint_id, account_id, event, chat_id, body, status, attempts, next_attempt_at, created_at)
    select 'msg_' || replace(gen_random_uuid()::text, '-', ''), e.id, e.account_id, s.type, s.chat_id,
      jsonb_build_object('type', s.type, 'timestamp', ${isoSql(sql`s.at`)}, 'data', s.data)::text,
      'pending', 0, s.at, s.at
    from (${source}) s
    join event_webhook_endpoints e on e.account_id = s.account_id and e.enabled and s.type = any(e.events)
    order by s.ord, e.id
    returning endpoint_id, chat_id`;
}

/**
 * Whether statements that write an account's events carry the outbox's CTEs: an account without
 * endpoints leaves them out, which spares their planning on every message (1–2 ms each on PGlite).
 * Unknown, or an account row cached before the flag existed, counts as having them.
 */
export const mayHaveEventWebhooks = (account: { hasEventWebhooks?: boolean } | undefined): boolean =>
  account?.hasEventWebhooks !== false;

/** No endpoints to nudge: the `hooked` column of a statement that wrote no events. */
export const NOTHING_HOOKED = sql`'{}'::uuid[]`;

/** The endpoints a CTE named `cte` (a deliveriesInsertSql) wrote to, as a uuid array column. */
export const hookedSql = (cte: string) =>
  sql`(select coalesce(array_agg(distinct ${sql.raw(cte)}.endpoint_id), '{}') from ${sql.raw(cte)})`;

/** A uuid array column as the drivers hand it back: an array, or Postgres's `{a,b}` text. */
export function endpointIdsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' && value.length > 2) return value.slice(1, -1).split(',');
  return [];
}

/**
 * One event on its own statement, on the handle (a transaction) that writes the event itself.
 * Returns the endpoints that got a delivery: nudge them after the commit (nudge.ts).
 */
export async function emitEvent(db: Executor, at: Date, event: EmittedEvent): Promise<string[]> {
  const source = sql`select ${event.accountId}::uuid as account_id, ${event.chatId ?? null}::uuid as chat_id,
    ${event.type}::text as type, ${JSON.stringify(event.data)}::jsonb as data,
    ${at.toISOString()}::timestamptz as at, 0 as ord`;
  const result = await db.execute(deliveriesInsertSql(source));
  return [...new Set(rowsOf<{ endpoint_id: string }>(result).map((row) => row.endpoint_id))];
}
