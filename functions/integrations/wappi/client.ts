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
}

/** The webhook types the module listens to. */
export const WAPPI_WEBHOOK_TYPES = [
  'authorization_status',
  'incoming_message',
  'delivery_status',
  'outgoing_message_phone',
  'outgoing_message_api',
] as const;

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

export function createWappiClient(options: WappiClientOptions) {
  const root = (options.apiRoot ?? WAPPI_API_ROOT).replace(/\/+$/, '');
  const send = options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));

  async function call(method: string, path: string, query: Record<string, string> = {}, body?: unknown) {
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
      parsed = record(text ? JSON.parse(text) : {});
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
      throw new WappiError(response.status, detail);
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
    /** POST sync/message/send: a text to a phone number; answers Wappi's message id. */
    async sendText(recipient: string, body: string): Promise<{ messageId: string }> {
      const answer = await call('POST', '/sync/message/send', {}, { body, recipient });
      return { messageId: String(answer.message_id ?? '') };
    },
  };
}

export type WappiClient = ReturnType<typeof createWappiClient>;
