import { sql } from 'drizzle-orm';
import type { Ports } from '../../ports';
import { rowsOf } from '../../ports/db';
import { EVENT_WEBHOOK_DELIVER_JOB, endpointJobGroup } from './job-names';

/** Endpoints one sweep nudges; the rest wait for the next minute. */
const ENDPOINTS_PER_SWEEP = 100;

/**
 * Every minute, beside the engine's sweep (schedules/engine-sweep.ts): endpoints with deliveries
 * due and not held get their job, so a nudge lost after a commit, or a retry whose job was lost,
 * costs a minute rather than the event. One dedup id per endpoint and minute.
 */
export async function sweepEventWebhooks(ports: Pick<Ports, 'db' | 'jobs' | 'clock'>): Promise<number> {
  const now = ports.clock.now();
  const at = now.toISOString();
  const rows = rowsOf<{ endpoint_id: string }>(
    await ports.db.execute(sql`
      select distinct endpoint_id from event_webhook_deliveries
      where status = 'pending' and next_attempt_at <= ${at}::timestamptz
        and (locked_until is null or locked_until <= ${at}::timestamptz)
      limit ${ENDPOINTS_PER_SWEEP}`),
  );
  const minute = Math.floor(now.getTime() / 60_000);
  for (const { endpoint_id: endpointId } of rows) {
    await ports.jobs.enqueue({
      name: EVENT_WEBHOOK_DELIVER_JOB,
      payload: { endpointId },
      dedupId: `${EVENT_WEBHOOK_DELIVER_JOB}:${endpointId}:sweep:${minute}`,
      groupKey: endpointJobGroup(endpointId),
    });
  }
  return rows.length;
}
