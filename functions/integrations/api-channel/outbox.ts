import { and, eq } from 'drizzle-orm';
import { apiChannelCallbacks, type Integration } from '../../../db/schema';
import type { Ports } from '../../ports';
import { sha256Hex } from '../../shared/sha256-hex';

/**
 * Writing a callback into the API channel's outbox and handing it to the job that POSTs it
 * (deliver-job.ts). The event id is unique per integration, so writing the same event twice (a
 * retried delivery of the reply, a redelivered operator message) keeps one row and one job.
 */

export const DELIVER_JOB = 'api_channel.deliver';

export interface CallbackEvent {
  /** The receiver's idempotency key. */
  eventId: string;
  event: 'message' | 'chat.stopped';
  chatExternalId: string;
  /** The event's own fields, after `event`, `event_id`, `integration_id` and `chat_id`. */
  fields: Record<string, unknown>;
}

/** The callback a job is for: its row, and the conversation whose callbacks go out one at a time. */
export interface CallbackRef {
  id: string;
  integrationId: string;
  chatExternalId: string;
}

/**
 * A conversation's callback jobs run one at a time (QStash: a flow-control key with parallelism 1),
 * so its events go out in order; the chat's id is the account's text, hence the digest.
 */
function conversationGroup(callback: CallbackRef): string {
  const hex = sha256Hex(`${callback.integrationId}\n${callback.chatExternalId}`);
  return `api-channel-${hex.slice(0, 32)}`;
}

/**
 * The job for the callback's attempt number `attempt` (1-based), after `delaySeconds`; `round`
 * names a retry the owner asked for, whose attempts start again from 1.
 */
export const enqueueAttempt = async (
  ports: Pick<Ports, 'jobs'>,
  callback: CallbackRef,
  attempt: number,
  delaySeconds = 0,
  round = 'first',
) =>
  ports.jobs.enqueue({
    name: DELIVER_JOB,
    payload: { callbackId: callback.id },
    delaySeconds,
    dedupId: `${DELIVER_JOB}:${callback.id}:${round}:${attempt}`,
    groupKey: conversationGroup(callback),
  });

/** Writes the event once and starts its delivery; a second write of the same event does nothing. */
export async function queueCallback(
  ports: Pick<Ports, 'db' | 'jobs' | 'clock'>,
  integration: Pick<Integration, 'id' | 'accountId'>,
  event: CallbackEvent,
): Promise<void> {
  const body = JSON.stringify({
    event: event.event,
    event_id: event.eventId,
    integration_id: integration.id,
    chat_id: event.chatExternalId,
    ...event.fields,
  });
  const [row] = await ports.db
    .insert(apiChannelCallbacks)
    .values({
      accountId: integration.accountId,
      integrationId: integration.id,
      eventId: event.eventId,
      event: event.event,
      chatExternalId: event.chatExternalId,
      body,
      createdAt: ports.clock.now(),
    })
    .onConflictDoNothing()
    .returning({ id: apiChannelCallbacks.id });
  const ref = { integrationId: integration.id, chatExternalId: event.chatExternalId };
  if (row) return enqueueAttempt(ports, { ...ref, id: row.id }, 1);
  // Written before, by a run that may have died before its job was queued: queued again (the dedup
  // id keeps it one job) unless an attempt has been made already.
  const [kept] = await ports.db
    .select({
      id: apiChannelCallbacks.id,
      state: apiChannelCallbacks.state,
      attempts: apiChannelCallbacks.attempts,
    })
    .from(apiChannelCallbacks)
    .where(
      and(
        eq(apiChannelCallbacks.integrationId, integration.id),
        eq(apiChannelCallbacks.eventId, event.eventId),
      ),
    );
  if (kept?.state === 'pending' && kept.attempts === 0)
    await enqueueAttempt(ports, { ...ref, id: kept.id }, 1);
}
