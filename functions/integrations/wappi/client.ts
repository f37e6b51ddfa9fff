import { asRecord } from '../../shared/as-record';
import { realSleep, withRateLimitRetries } from '../rate-limit-retry';
/**
 * The Wappi API (reference/messengers.md §2): the raw token in `Authorization` (no "Bearer"),
 * `profile_id` in the query of every call; one profile is one messenger instance. Its QR is polled
 * (no QR webhook exists); `authorization_status` webhooks and the status call say when it is scanned.
 */
export const WAPPI_API_ROOT = 'https://wappi.pro/api';

export class WappiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    /** Seconds to wait before trying again (429), when Wappi said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`Wappi ${status}${detail ? `: ${detail}` : ''}`);
    this.name = 'WappiError';
  }

  /** An unpaid profile answers 402. */
  get unpaid(): boolean {
    return this.status === 402;
  }

  get retryable(): boolean {
    return this.status === 429 || this.status >= 500;
  }
}

export type WappiQr = { kind: 'qr'; qr: string } | { kind: 'authorized' };

export interface WappiStatus {
  authorized: boolean;
  phone: string | null;
  paymentExpiredAt: string | null;
}

export interface WappiClientOptions {
  token: string;
  profileId: string;
  apiRoot?: string;
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  timeoutMs?: number;
  /**
   * How many times a 429 is waited out and the call repeated (default 0: the 429 is the answer).
   * A 429 means Wappi took nothing, so repeating never sends a message twice.
   */
  rateLimitRetries?: number;
  /** Waits `ms` (tests may pass their own). */
  sleep?: (ms: number) => Promise<void>;
}

/** Without a Retry-After, a 429 is waited out this long (Wappi documents no window). */
const DEFAULT_RATE_LIMIT_WAIT_SECONDS = 2;

/**
 * The longest text one message carries. Wappi documents none; WhatsApp's APIs take 4096 characters
 * (reference/messengers.md §2.4 names no limit), so a longer answer goes in several parts.
 */
export const WAPPI_TEXT_LIMIT = 4096;

/** The webhook types the module listens to. */
export const WAPPI_WEBHOOK_TYPES = [
  'authorization_status',
  'incoming_message',
  'delivery_status',
  'outgoing_message_phone',
  'outgoing_message_api',
] as const;

export function createWappiClient(options: WappiClientOptions) {
  const root = (options.apiRoot ?? WAPPI_API_ROOT).replace(/\/+$/, '');
  const send = options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));
  /** One call; a 429 is waited out `rateLimitRetries` times when the wait is short enough. */
  async function call(method: string, path: string, query: Record<string, string> = {}, body?: unknown) {
    return withRateLimitRetries(() => callOnce(method, path, query, body), {
      retries: options.rateLimitRetries ?? 0,
      waitOf: (error) =>
        error instanceof WappiError && error.status === 429
          ? (error.retryAfterSeconds ?? DEFAULT_RATE_LIMIT_WAIT_SECONDS)
          : null,
      sleep: options.sleep ?? realSleep,
    });
  }

  async function callOnce(method: string, path: string, query: Record<string, string>, body?: unknown) {
    const url = new URL(`${root}${path}`);
    url.searchParams.set('profile_id', options.profileId);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const response = await send(url.toString(), {
      method,
      headers: {
        authorization: options.token,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const text = await response.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = asRecord(text ? JSON.parse(text) : {});
    } catch {
      parsed = {};
    }
    if (!response.ok) {
      const detail =
        typeof parsed.detail === 'string'
          ? parsed.detail
          : typeof parsed.message === 'string'
            ? parsed.message
            : '';
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new WappiError(
        response.status,
        detail,
        Number.isFinite(retryAfter) && retryAfter >= 0 && response.headers.has('retry-after')
          ? retryAfter
          : null,
      );
    }
    return parsed;
  }

  return {
    /** GET sync/get/status: whether the phone has scanned the QR. A wrong token answers 401. */
    async status(): Promise<WappiStatus> {
      const answer = await call('GET', '/sync/get/status');
      return {
        authorized: answer.authorized === true,
        phone: typeof answer.phone === 'string' ? answer.phone : null,
        paymentExpiredAt: typeof answer.payment_expired_at === 'string' ? answer.payment_expired_at : null,
      };
    },
    /** GET sync/qr/get: a fresh QR (a data: URL), or that the profile is authorised already. */
    async qr(): Promise<WappiQr> {
      const answer = await call('GET', '/sync/qr/get');
      if (typeof answer.qrCode === 'string' && answer.qrCode.startsWith('data:image/'))
        return { kind: 'qr', qr: answer.qrCode };
      if (typeof answer.detail === 'string' && /already authorized/i.test(answer.detail))
        return { kind: 'authorized' };
      throw new WappiError(502, 'no QR in the answer');
    },
    /** Points the profile's webhooks at `url` and chooses the types the module reads. */
    async subscribe(url: string): Promise<void> {
      await call('POST', '/webhook/url/set', { url });
      await call('POST', '/webhook/types/set', {}, [...WAPPI_WEBHOOK_TYPES]);
    },
    /**
     * Stops the deliveries: no webhook types, then no URL. Wappi documents no call that removes the
     * URL; an empty one is tried, and its refusal only logged, since without types nothing comes.
     */
    async unsubscribe(): Promise<void> {
      await call('POST', '/webhook/types/set', {}, []);
      try {
        await call('POST', '/webhook/url/set', { url: '' });
      } catch (error) {
        if (!(error instanceof WappiError) || error.status >= 500) throw error;
        console.warn(`Wappi refused to clear the webhook URL: ${error.message}`);
      }
    },
    /** POST sync/message/send: a text to a phone number; answers Wappi's message id. */
    async sendText(recipient: string, body: string): Promise<{ messageId: string }> {
      const answer = await call('POST', '/sync/message/send', {}, { body, recipient });
      return { messageId: String(answer.message_id ?? '') };
    },
    /**
     * The profile's name in the cabinet, from GET profile/all/get (`{profiles: [...]}`, peers); null
     * when the list does not name it.
     */
    async profileName(): Promise<string | null> {
      const answer = await call('GET', '/profile/all/get');
      const profiles = Array.isArray(answer.profiles) ? answer.profiles.map(asRecord) : [];
      const mine = profiles.find((one) =>
        [one.profile_id, one.uuid, one.id].some((id) => id === options.profileId),
      );
      return typeof mine?.name === 'string' && mine.name.trim() ? mine.name.trim() : null;
    },
    /** POST profile/delete: the messenger instance is gone (reference §2.2, peers). */
    async deleteProfile(): Promise<void> {
      await call('POST', '/profile/delete');
    },
  };
}

export type WappiClient = ReturnType<typeof createWappiClient>;
