import { sql } from 'drizzle-orm';
import { type Chat, chats } from '../../../db/schema';
import type { ChatStop } from '../../engine/chat-state';
import { effectiveState } from '../../engine/chat-state';
import { type Db, rowsOf } from '../../ports/db';
import { rowFromJson } from '../../ports/db-rows';
import { deliveriesInsertSql, endpointIdsOf, hookedSql } from './emit';

/** Who stopped the bot, as `bot.stopped` tells it (`bot`: its own stop, written by engine_record). */
export type StopReason = 'operator' | 'owner';

/**
 * Writes a stop (or a resume) to an account's chats and, in the same statement (the outbox rule),
 * the `bot.stopped` event of each chat where the bot was working and now is not: a manager's message
 * with "stop during intervention" (`operator`), or a pause or stop from the Chats screen (`owner`).
 * Returns the saved chats and the endpoints to nudge after the commit.
 */
export async function stopChats(
  db: Db,
  accountId: string,
  list: readonly Chat[],
  stop: ChatStop,
  reason: StopReason,
  now: Date,
): Promise<{ saved: Chat[]; hooked: string[] }> {
  const ids = JSON.stringify(list.map((chat) => chat.id));
  const working = JSON.stringify(
    stop.state === 'working'
      ? []
      : list.filter((chat) => effectiveState(chat, now) === 'working').map((chat) => chat.id),
  );
  const events = deliveriesInsertSql(sql`
    select s.account_id, s.id as chat_id, 'bot.stopped'::text as type,
      jsonb_build_object('chat_id', s.id, 'bot_id', s.bot_id, 'reason', ${reason}::text, 'state', s.state,
        'paused_until', s.paused_until, 'stop_reason', null, 'summary', null, 'variables', s.variables) as data,
      ${now.toISOString()}::timestamptz as at, 0 as ord
    from s where s.id in (select jsonb_array_elements_text(${working}::jsonb)::uuid)`);
  const rows = rowsOf<{ value: Record<string, unknown>; hooked: unknown }>(
    await db.execute(sql`
      with s as (
        update chats set state = ${stop.state},
          paused_until = ${stop.pausedUntil?.toISOString() ?? null}::timestamptz,
          pause_code = ${stop.pauseCode}::int, resume_on_message = ${stop.resumeOnMessage}
        where id in (select jsonb_array_elements_text(${ids}::jsonb)::uuid) and account_id = ${accountId}::uuid
        returning *),
      events as (${events})
      select to_jsonb(s) as value, ${hookedSql('events')} as hooked from s`),
  );
  return {
    saved: rows.map((row) => rowFromJson(chats, row.value)),
    hooked: [...new Set(rows.flatMap((row) => endpointIdsOf(row.hooked)))],
  };
}
