import { sql } from 'drizzle-orm';
import type { Db } from '../../ports/db';
import { rowsOf } from '../../ports/db';

/** How long an attempt holds its row: longer than EVENT_WEBHOOK_TIMEOUT_MS. */
const HOLD_MS = 60_000;
/** Deliveries one claim takes (sent at once, so a slow receiver costs one timeout, not ten). */
export const CLAIM_BATCH = 10;

export interface ClaimedDelivery {
  id: string;
  body: string;
  /** Attempts made, this one included. */
  attempts: number;
  /** Where its day of retries starts: the event, or the owner's last resend. */
  retryFrom: Date;
}

interface ClaimedRow {
  id: string;
  body: string;
  attempts: number;
  retry_from: string | Date;
}

/**
 * Takes an endpoint's due deliveries in one statement and holds them (`locked_until`), so two runs
 * of the job never send the same row at once. Of one chat only the oldest pending delivery (lowest
 * `seq`) is due: a later one waits until it is delivered or given up, so a chat's events arrive in
 * order. Rows another run holds are skipped, not waited for.
 */
export async function claimDue(db: Db, endpointId: string, now: Date): Promise<ClaimedDelivery[]> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    update event_webhook_deliveries d
    set attempts = d.attempts + 1, locked_until = ${new Date(now.getTime() + HOLD_MS).toISOString()}::timestamptz
    where d.id in (
      select c.id from event_webhook_deliveries c
      where c.endpoint_id = ${endpointId}::uuid and c.status = 'pending'
        and c.next_attempt_at <= ${at}::timestamptz
        and (c.locked_until is null or c.locked_until <= ${at}::timestamptz)
        and (c.chat_id is null or not exists (
          select 1 from event_webhook_deliveries p
          where p.endpoint_id = c.endpoint_id and p.chat_id = c.chat_id
            and p.status = 'pending' and p.seq < c.seq))
      order by c.seq
      limit ${CLAIM_BATCH}
      for update skip locked)
    returning d.id, d.body, d.attempts, coalesce(d.resent_at, d.created_at) as retry_from`);
  return rowsOf<ClaimedRow>(result).map((row) => ({
    id: row.id,
    body: row.body,
    attempts: Number(row.attempts),
    retryFrom: new Date(row.retry_from),
  }));
}
