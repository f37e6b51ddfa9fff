import type { ApiChannelCallbackState } from '../../db/schema/api-channel';

/**
 * The API channel's contract (docs/channels/api-channel.md), shared by the server and the web app: the
 * account's system POSTs customers' and operators' messages to the integration's webhook, signed
 * with the integration's secret; the product POSTs the bot's replies, operators' messages and stops
 * to the account's callback URL, signed the same way.
 */

/** The header with the HMAC-SHA256 of the raw body: `sha256=<64 hex digits>`, both ways. */
export const API_CHANNEL_SIGNATURE_HEADER = 'X-Signature';
/** The event id of a callback, also in its body (the receiver's idempotency key). */
export const API_CHANNEL_EVENT_HEADER = 'X-Event-Id';

/** Limits of an inbound message (characters). */
export const API_CHANNEL_LIMITS = {
  id: 200,
  text: 10_000,
  name: 200,
  url: 2_000,
  attachments: 10,
} as const;

/** How many times a callback is tried before it becomes a dead letter. */
export const API_CHANNEL_ATTEMPTS = 6;
/** Seconds to wait after attempt n (1-based) failed: 10 s, 1 min, 5 min, 30 min, 2 h. */
export const API_CHANNEL_BACKOFF_SECONDS: readonly number[] = [10, 60, 300, 1_800, 7_200];
/** An attempt that takes longer than this counts as a timeout (and is retried). */
export const API_CHANNEL_TIMEOUT_MS = 10_000;

/** A callback that used up its attempts or was refused, as the integration page lists it. */
export interface ApiChannelDeadLetter {
  id: string;
  event_id: string;
  event: string;
  chat_id: string;
  attempts: number;
  reason: string;
  created_at: string;
  failed_at: string;
}

export type { ApiChannelCallbackState };
