import type { LlmError } from '../ports/llm';
import { endClaim } from './claim';
import type { EngineContext } from './context';
import { HOLD_MINUTES, releaseHold } from './holds';
import { chatJobGroup, RESPOND_JOB, type RespondPayload } from './job-names';

/**
 * Model calls of one answer that failed with an error that may pass (429, 5xx, timeouts, network)
 * are tried again this many times in all, through the job, before the answer is recorded as failed.
 * The waits (5, 10, 20, 40, 80 s, or longer when the provider asks) ride out an outage of minutes.
 */
export const LLM_ATTEMPTS = 6;
const FIRST_BACKOFF_SECONDS = 5;
const LONGEST_WAIT_SECONDS = 600;

/** Schedules the respond job again at `at` (the chat was busy, or the model asked to wait). */
export async function scheduleRespond(
  ctx: EngineContext,
  payload: RespondPayload,
  at: Date,
  reason: string,
): Promise<void> {
  const delaySeconds = Math.max(1, Math.ceil((at.getTime() - ctx.ports.clock.now().getTime()) / 1000));
  await ctx.ports.jobs.enqueue({
    name: RESPOND_JOB,
    payload,
    delaySeconds,
    dedupId: `${RESPOND_JOB}:${payload.upToMessageId}:${reason}:${at.getTime()}`,
    groupKey: chatJobGroup(payload.chatId),
  });
}

/**
 * After a retryable model error: frees the chat and the hold and schedules the next attempt with
 * exponential backoff, honouring Retry-After. False when the attempts are used up (the caller
 * records the failure).
 */
export async function retryLater(
  ctx: EngineContext,
  payload: RespondPayload,
  error: LlmError,
  run: { lease: string; holdId: string | null; chatId: string },
): Promise<boolean> {
  const attempt = (payload.attempt ?? 0) + 1;
  if (attempt >= LLM_ATTEMPTS) return false;
  const { db, clock } = ctx.ports;
  const backoff = FIRST_BACKOFF_SECONDS * 2 ** (attempt - 1);
  const wait = Math.min(LONGEST_WAIT_SECONDS, Math.max(backoff, Math.ceil(error.retryAfterSeconds ?? 0)));
  if (run.holdId) await releaseHold(db, run.holdId);
  await scheduleRespond(
    ctx,
    { ...payload, attempt },
    new Date(clock.now().getTime() + wait * 1000),
    `llm${attempt}`,
  );
  await endClaim(db, run.chatId, run.lease);
  return true;
}

/** An answer that found the money held by answers in flight looks again after this long. */
export const HOLD_WAIT_SECONDS = 5;
/** It waits at most as long as a crashed run's hold can live; the balance then decides. */
export const MAX_HOLD_WAITS = Math.ceil((HOLD_MINUTES * 60) / HOLD_WAIT_SECONDS);

/**
 * The balance can pay but other answers' holds take the money for now: frees this run's hold and
 * the chat, and comes back shortly (the answers in flight settle at their exact, smaller prices).
 * False when it has waited as long as a hold can live (the caller refuses like a low balance).
 */
export async function waitForHolds(
  ctx: EngineContext,
  payload: RespondPayload,
  run: { lease: string; holdId: string | null; chatId: string },
): Promise<boolean> {
  const waits = (payload.holdWaits ?? 0) + 1;
  if (waits > MAX_HOLD_WAITS) return false;
  const { db, clock } = ctx.ports;
  if (run.holdId) await releaseHold(db, run.holdId);
  await scheduleRespond(
    ctx,
    { ...payload, holdWaits: waits },
    new Date(clock.now().getTime() + HOLD_WAIT_SECONDS * 1000),
    `holds${waits}`,
  );
  await endClaim(db, run.chatId, run.lease);
  return true;
}
