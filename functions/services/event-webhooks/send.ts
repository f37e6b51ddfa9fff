import { Webhook } from 'standardwebhooks';
import { AddressRefused } from '../../outbound/guarded-fetch';
import type { AppSettings } from '../../ports';
import { EVENT_WEBHOOK_TIMEOUT_MS } from '../../shared/event-webhooks';
import { withoutNul } from '../../shared/strip-nul';

/** How long an attempt waits; tests shorten it rather than wait ten seconds. */
export const eventWebhookTimeout = { ms: EVENT_WEBHOOK_TIMEOUT_MS };
/** How much of a refusal's body the error keeps. */
const ERROR_BODY_CHARS = 200;

export type SendOutcome =
  | { ok: true; status: number }
  /** `retry` false: waiting will not help (the guard refuses the address). */
  | { ok: false; retry: boolean; status: number | null; error: string };

/** The Standard Webhooks headers of one attempt: the id, the time, the signature over both and the body. */
export function signedHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  const seconds = Math.floor(at.getTime() / 1000);
  return {
    'content-type': 'application/json',
    'user-agent': 'onchat-webhooks/1',
    'webhook-id': id,
    'webhook-timestamp': String(seconds),
    'webhook-signature': new Webhook(secret).sign(id, new Date(seconds * 1000), body),
  };
}

/**
 * One POST of a delivery through the guarded fetch: an address the account controls, so a private
 * or loopback one is refused unless the installation allows them (ALLOW_PRIVATE_ADDRESSES), and a
 * redirect is not followed. Only a 2xx counts as delivered.
 */
export async function sendDelivery(
  settings: AppSettings,
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<SendOutcome> {
  let response: Response;
  try {
    response = await settings.guardedFetch(
      url,
      { method: 'POST', headers, body, signal: AbortSignal.timeout(eventWebhookTimeout.ms) },
      { allowPrivate: settings.allowPrivateAddresses === true },
    );
  } catch (error) {
    if (error instanceof AddressRefused)
      return { ok: false, retry: false, status: null, error: error.message };
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
      return {
        ok: false,
        retry: true,
        status: null,
        error: `no answer within ${eventWebhookTimeout.ms / 1000} s`,
      };
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return { ok: false, retry: true, status: null, error: `the connection failed${cause}` };
  }
  const text = await response.text().catch(() => '');
  if (response.ok) return { ok: true, status: response.status };
  const detail = withoutNul(text.trim()).slice(0, ERROR_BODY_CHARS);
  return {
    ok: false,
    retry: true,
    status: response.status,
    error: `HTTP ${response.status}${detail ? `: ${detail}` : ''}`,
  };
}
