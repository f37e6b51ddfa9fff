import { and, eq, isNotNull, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { eventWebhookDeliveries, eventWebhookEndpoints } from '../../../db/schema';
import type { AppSettings, Ports } from '../../ports';
import { openSecretText } from '../../secrets/secret-box';
import {
  EVENT_WEBHOOK_BACKOFF_SECONDS,
  EVENT_WEBHOOK_RETRY_WINDOW_MS,
  EVENT_WEBHOOK_SECRET_LABEL,
} from '../../shared/event-webhooks';
import { type ClaimedDelivery, claimDue } from './claim';
import { EVENT_WEBHOOK_DELIVER_JOB } from './job-names';
import { nudgeEndpoints } from './nudge';
import { type SendOutcome, sendDelivery, signedHeaders } from './send';
import { switchOffIfFailingLong } from './switch-off';

/** Claims one run makes before it hands the rest to the next run. */
const CLAIMS_PER_RUN = 20;

/** The pause before the retry after attempt number `attempts` failed (the schedule's last repeats). */
export const backoffSeconds = (attempts: number): number =>
  EVENT_WEBHOOK_BACKOFF_SECONDS[attempts - 1] ?? EVENT_WEBHOOK_BACKOFF_SECONDS.at(-1) ?? 60;

/** Writes one attempt's outcome; returns the seconds until its retry, or null when it is settled. */
async function settle(ports: Ports, delivery: ClaimedDelivery, outcome: SendOutcome): Promise<number | null> {
  const now = ports.clock.now();
  const where = eq(eventWebhookDeliveries.id, delivery.id);
  if (outcome.ok) {
    await ports.db
      .update(eventWebhookDeliveries)
      .set({
        status: 'delivered',
        deliveredAt: now,
        lockedUntil: null,
        lastStatus: outcome.status,
        lastError: null,
      })
      .where(where);
    return null;
  }
  const windowEnd = delivery.retryFrom.getTime() + EVENT_WEBHOOK_RETRY_WINDOW_MS;
  if (!outcome.retry || now.getTime() >= windowEnd) {
    await ports.db
      .update(eventWebhookDeliveries)
      .set({ status: 'failed', lockedUntil: null, lastStatus: outcome.status, lastError: outcome.error })
      .where(where);
    return null;
  }
  // The last try is made when the window ends, however the schedule falls.
  const next = Math.min(now.getTime() + backoffSeconds(delivery.attempts) * 1000, windowEnd);
  await ports.db
    .update(eventWebhookDeliveries)
    .set({
      nextAttemptAt: new Date(next),
      lockedUntil: null,
      lastStatus: outcome.status,
      lastError: outcome.error,
    })
    .where(where);
  return Math.max(0, Math.ceil((next - now.getTime()) / 1000));
}

/** Gives up what an endpoint that is gone or switched off still had waiting. */
async function failPending(ports: Ports, endpointId: string, reason: string): Promise<void> {
  await ports.db
    .update(eventWebhookDeliveries)
    .set({ status: 'failed', lockedUntil: null, lastError: reason })
    .where(
      and(eq(eventWebhookDeliveries.endpointId, endpointId), eq(eventWebhookDeliveries.status, 'pending')),
    );
}

/**
 * The delivery job: sends an endpoint's due deliveries, signed (Standard Webhooks), a chat's in
 * order, and writes each outcome: delivered; retried after EVENT_WEBHOOK_BACKOFF_SECONDS while a day
 * since the event has not passed; else failed. A delivered one clears the endpoint's failing_since,
 * a failed attempt sets it if unset, and an endpoint failing for a day is switched off.
 */
export async function deliverEndpoint(
  ports: Ports,
  settings: AppSettings,
  endpointId: string,
): Promise<void> {
  let target: { url: string; secret: string } | undefined;
  let retryIn: number | null = null;
  for (let claim = 0; claim < CLAIMS_PER_RUN; claim++) {
    const due = await claimDue(ports.db, endpointId, ports.clock.now());
    if (due.length === 0) break;
    if (!target) {
      const [endpoint] = await ports.db
        .select()
        .from(eventWebhookEndpoints)
        .where(eq(eventWebhookEndpoints.id, endpointId));
      if (!endpoint?.enabled) return failPending(ports, endpointId, 'the endpoint is switched off');
      const secret = await openSecretText(
        settings.secretsKey,
        EVENT_WEBHOOK_SECRET_LABEL,
        endpoint.secretSealed,
      );
      if (!secret) return failPending(ports, endpointId, 'the signing secret does not open');
      target = { url: endpoint.url, secret };
    }
    const { url, secret: signing } = target;
    const outcomes = await Promise.all(
      due.map(async (delivery) => {
        const headers = signedHeaders(signing, delivery.id, ports.clock.now(), delivery.body);
        const outcome = await sendDelivery(settings, url, headers, delivery.body);
        return { outcome, retry: await settle(ports, delivery, outcome) };
      }),
    );
    for (const { retry } of outcomes)
      if (retry !== null) retryIn = retryIn === null ? retry : Math.min(retryIn, retry);
    await markEndpoint(
      ports,
      endpointId,
      outcomes.map((o) => o.outcome),
    );
    // Failing for a day: switched off before anything more is sent to it.
    if (outcomes.some(({ outcome }) => !outcome.ok) && (await switchOffIfFailingLong(ports, endpointId)))
      return failPending(ports, endpointId, 'the endpoint was switched off after failing for a day');
    if (claim === CLAIMS_PER_RUN - 1) await nudgeEndpoints(ports, [endpointId]);
  }
  if (retryIn !== null) await nudgeEndpoints(ports, [endpointId], retryIn);
}

/** A delivered attempt clears failing_since; failures alone set it, keeping the first time. */
async function markEndpoint(ports: Ports, endpointId: string, outcomes: SendOutcome[]): Promise<void> {
  const where = eq(eventWebhookEndpoints.id, endpointId);
  if (outcomes.some((outcome) => outcome.ok)) {
    await ports.db
      .update(eventWebhookEndpoints)
      .set({ failingSince: null })
      .where(and(where, isNotNull(eventWebhookEndpoints.failingSince)));
  } else {
    await ports.db
      .update(eventWebhookEndpoints)
      .set({
        failingSince: sql`coalesce(${eventWebhookEndpoints.failingSince}, ${ports.clock.now().toISOString()}::timestamptz)`,
      })
      .where(where);
  }
}

const payload = v.object({ endpointId: v.pipe(v.string(), v.uuid()) });

/** The job handler under EVENT_WEBHOOK_DELIVER_JOB. */
export async function deliverEndpointJob(raw: unknown, ports: Ports, settings: AppSettings): Promise<void> {
  const parsed = v.safeParse(payload, raw);
  // A malformed payload can never succeed; retrying it would only repeat the failure.
  if (!parsed.success) return console.error(`${EVENT_WEBHOOK_DELIVER_JOB}: malformed payload`);
  await deliverEndpoint(ports, settings, parsed.output.endpointId);
}
