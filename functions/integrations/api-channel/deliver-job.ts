import { and, asc, eq, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { type ApiChannelCallback, apiChannelCallbacks, integrations } from '../../../db/schema';
import { AddressRefused } from '../../outbound/guarded-fetch';
import type { AppSettings, Ports } from '../../ports';
import { SecretUnreadable } from '../../secrets/secret-box';
import {
  API_CHANNEL_ATTEMPTS,
  API_CHANNEL_BACKOFF_SECONDS,
  API_CHANNEL_EVENT_HEADER,
  API_CHANNEL_SIGNATURE_HEADER,
  API_CHANNEL_TIMEOUT_MS,
} from '../../shared/api-channel';
import { CONNECTED_AT } from '../../shared/integration-catalogue';
import { withoutNul } from '../../shared/strip-nul';
import { fetchFor } from '../module';
import { callbackAllowed, callbackUrlOf, signingSecretOf } from './account';
import { DELIVER_JOB, enqueueAttempt } from './outbox';
import { signatureOf } from './signature';

/**
 * One attempt at POSTing a callback to the account's callback URL, through the guarded fetch,
 * signed. A 2xx is delivered; a timeout, a failed connection, a 5xx, 429 or 408 is tried again
 * after API_CHANNEL_BACKOFF_SECONDS, up to API_CHANNEL_ATTEMPTS in all; anything else (a 4xx: the
 * system refused it, an address the guard refuses, no callback URL, the integration off or no longer
 * connected) will not get better by waiting. Then, and after the last attempt, the callback is a
 * dead letter with the reason, for the integration page. An attempt holds its row for a minute, so
 * a job delivered twice sends once; the event id lets the receiver drop what crosses anyway.
 */

/** How long an attempt waits for an answer; tests shorten it rather than wait ten seconds. */
export const callbackTimeout = { ms: API_CHANNEL_TIMEOUT_MS };

/** How long an attempt holds its row; longer than API_CHANNEL_TIMEOUT_MS. */
const HOLD_SECONDS = 60;
/** How much of a refusal's body the reason keeps. */
const REASON_BODY_CHARS = 200;

type Outcome = { ok: true } | { ok: false; retry: boolean; reason: string };

const refused = (reason: string): Outcome => ({ ok: false, retry: false, reason });
const failed = (reason: string): Outcome => ({ ok: false, retry: true, reason });

async function claim(ports: Ports, id: string): Promise<ApiChannelCallback | undefined> {
  const now = ports.clock.now();
  const [row] = await ports.db
    .select({ attempts: apiChannelCallbacks.attempts })
    .from(apiChannelCallbacks)
    .where(eq(apiChannelCallbacks.id, id));
  if (!row) return undefined;
  const [claimed] = await ports.db
    .update(apiChannelCallbacks)
    .set({ attempts: row.attempts + 1, lockedUntil: new Date(now.getTime() + HOLD_SECONDS * 1000) })
    .where(
      and(
        eq(apiChannelCallbacks.id, id),
        eq(apiChannelCallbacks.state, 'pending'),
        eq(apiChannelCallbacks.attempts, row.attempts),
        or(isNull(apiChannelCallbacks.lockedUntil), lte(apiChannelCallbacks.lockedUntil, now)),
      ),
    )
    .returning();
  return claimed;
}

async function post(ports: Ports, settings: AppSettings, callback: ApiChannelCallback): Promise<Outcome> {
  const [integration] = await ports.db
    .select()
    .from(integrations)
    .where(eq(integrations.id, callback.integrationId));
  if (!integration || typeof integration.connectionData[CONNECTED_AT] !== 'string')
    return refused('the integration is not connected');
  if (!integration.activated) return refused('the integration is switched off');
  const url = callbackUrlOf(integration);
  if (!url) return refused('no callback URL is set');
  if (!callbackAllowed(settings, url))
    return refused('the callback URL is not allowed: https and a public address only');
  let secret: string | null;
  try {
    secret = await signingSecretOf(settings, integration);
  } catch (error) {
    if (error instanceof SecretUnreadable) return refused('the signing secret does not open');
    throw error;
  }
  if (!secret) return refused('no signing secret');
  let response: Response;
  try {
    response = await fetchFor(settings, 'api_channel')(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'onchat-api-channel/1',
        [API_CHANNEL_SIGNATURE_HEADER]: signatureOf(secret, callback.body),
        [API_CHANNEL_EVENT_HEADER]: callback.eventId,
      },
      body: callback.body,
      signal: AbortSignal.timeout(callbackTimeout.ms),
    });
  } catch (error) {
    if (error instanceof AddressRefused) return refused(error.message);
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
      return failed(`no answer within ${callbackTimeout.ms / 1000} s`);
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return failed(`the connection failed${cause}`);
  }
  const text = await response.text().catch(() => '');
  if (response.ok) return { ok: true };
  const detail = withoutNul(text.trim()).slice(0, REASON_BODY_CHARS);
  const reason = `HTTP ${response.status}${detail ? `: ${detail}` : ''}`;
  const retryable = response.status >= 500 || response.status === 429 || response.status === 408;
  return retryable ? failed(reason) : refused(reason);
}

/**
 * A conversation's events go out in the order they were written: a callback first sends the
 * conversation's earlier ones that no attempt has reached yet (their own jobs then find them sent).
 * A reply and the stop it caused are written at the same moment, so at the same time a `message`
 * comes before a `chat.stopped`. Order is not kept across retries (docs/channels/api-channel.md).
 */
async function sendEarlierFirst(ports: Ports, settings: AppSettings, callbackId: string): Promise<void> {
  const t = apiChannelCallbacks;
  const [mine] = await ports.db.select().from(t).where(eq(t.id, callbackId));
  if (mine?.state !== 'pending') return;
  const sameTimeBefore =
    mine.event === 'chat.stopped' ? and(eq(t.createdAt, mine.createdAt), eq(t.event, 'message')) : undefined;
  const earlier = await ports.db
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        eq(t.integrationId, mine.integrationId),
        eq(t.chatExternalId, mine.chatExternalId),
        eq(t.state, 'pending'),
        eq(t.attempts, 0),
        ne(t.id, mine.id),
        or(lt(t.createdAt, mine.createdAt), sameTimeBefore),
      ),
    )
    .orderBy(asc(t.createdAt), sql`${t.event} = 'chat.stopped'`);
  for (const one of earlier) await attempt(ports, settings, one.id);
}

/** The job: the conversation's earlier callbacks, then this one's attempt. */
export async function deliverCallback(
  ports: Ports,
  settings: AppSettings,
  callbackId: string,
): Promise<void> {
  await sendEarlierFirst(ports, settings, callbackId);
  await attempt(ports, settings, callbackId);
}

/** One attempt at callback `callbackId`, and the next one scheduled or the dead letter written. */
async function attempt(ports: Ports, settings: AppSettings, callbackId: string): Promise<void> {
  const callback = await claim(ports, callbackId);
  if (!callback) return;
  const outcome = await post(ports, settings, callback);
  const now = ports.clock.now();
  const where = eq(apiChannelCallbacks.id, callback.id);
  if (outcome.ok) {
    await ports.db
      .update(apiChannelCallbacks)
      .set({ state: 'delivered', deliveredAt: now, lockedUntil: null, lastError: null })
      .where(where);
    return;
  }
  if (outcome.retry && callback.attempts < API_CHANNEL_ATTEMPTS) {
    const delay =
      API_CHANNEL_BACKOFF_SECONDS[callback.attempts - 1] ?? API_CHANNEL_BACKOFF_SECONDS.at(-1) ?? 60;
    await ports.db
      .update(apiChannelCallbacks)
      .set({ lockedUntil: null, lastError: outcome.reason })
      .where(where);
    await enqueueAttempt(ports, callback, callback.attempts + 1, delay);
    return;
  }
  console.warn(
    `api channel callback ${callback.id}: a dead letter after ${callback.attempts} attempts: ${outcome.reason}`,
  );
  await ports.db
    .update(apiChannelCallbacks)
    .set({ state: 'dead', deadAt: now, lockedUntil: null, lastError: outcome.reason })
    .where(where);
}

const payload = v.object({ callbackId: v.pipe(v.string(), v.uuid()) });

/** The job handler under DELIVER_JOB. */
export async function deliverCallbackJob(raw: unknown, ports: Ports, settings: AppSettings): Promise<void> {
  const parsed = v.safeParse(payload, raw);
  // A malformed payload can never succeed; retrying it would only repeat the failure.
  if (!parsed.success) return console.error(`${DELIVER_JOB}: malformed payload`);
  await deliverCallback(ports, settings, parsed.output.callbackId);
}
