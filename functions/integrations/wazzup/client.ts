import { asRecord } from '../../shared/as-record';
import { realSleep, withRateLimitRetries } from '../rate-limit-retry';
/**
 * The Wazzup user API v3 (reference/messengers.md §1): `Authorization: Bearer <apiKey>`, JSON, 4xx
 * bodies `{error, description, data?}`, 429 above 500 requests in 5 s per account. What the module
 * needs: the channels, the webhook subscription (Wazzup probes it with `{"test":true}`), sending.
 */
export const WAZZUP_API_ROOT = 'https://api.wazzup24.com/v3';

/** The longest text WhatsApp takes in one message. */
export const WAZZUP_TEXT_LIMIT = 10_000;

export interface WazzupChannel {
  channelId: string;
  /** whatsapp, wapi, instagram, tgapi, telegram, vk, avito, viber, max, maxbot */
  transport: string;
  /** The phone number or account of the channel. */
  plainId: string;
  /** active, init, disabled, qr / qridle, phoneUnavailable, openElsewhere, notEnoughMoney, … (any casing) */
  state: string;
  name?: string;
}

export interface WazzupSend {
  channelId: string;
  chatType: string;
  chatId: string;
  text?: string;
  contentUri?: string;
  /** Our idempotency key: a repeat within about 60 s is refused with REPEATED_CRM_MESSAGE_ID. */
  crmMessageId?: string;
}

/** A refusal by Wazzup: the HTTP status, its code (INVALID_APIKEY, CHANNEL_NOT_FOUND, …) and description. */
export class WazzupError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
    /** Seconds to wait before trying again (429), when Wazzup said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`Wazzup ${status} ${code}${description ? `: ${description}` : ''}`);
    this.name = 'WazzupError';
  }

  get retryable(): boolean {
    return this.status === 429 || this.status >= 500;
  }
}

export interface WazzupClientOptions {
  apiKey: string;
  apiRoot?: string;
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  timeoutMs?: number;
  /**
   * How many times a 429 is waited out and the call repeated (default 0: the 429 is the answer).
   * A 429 means Wazzup took nothing, so repeating never sends a message twice.
   */
  rateLimitRetries?: number;
  /** Waits `ms` (tests may pass their own). */
  sleep?: (ms: number) => Promise<void>;
}

/** Wazzup counts 500 requests per 5 s: without a Retry-After, the window is waited out. */
const DEFAULT_RATE_LIMIT_WAIT_SECONDS = 5;

/** What the account's webhook subscription is now (GET /v3/webhooks). */
export interface WazzupWebhooks {
  webhooksUri: string | null;
  subscriptions: Record<string, unknown>;
}

const NO_SUBSCRIPTIONS = {
  messagesAndStatuses: false,
  contactsAndDealsCreation: false,
  channelsUpdates: false,
  templateStatus: false,
};

export function createWazzupClient(options: WazzupClientOptions) {
  const root = (options.apiRoot ?? WAZZUP_API_ROOT).replace(/\/+$/, '');
  // A wrapper, not a stored reference: Workers throw "Illegal invocation" for a detached fetch.
  const send = options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    return withRateLimitRetries(() => callOnce<T>(method, path, body), {
      retries: options.rateLimitRetries ?? 0,
      waitOf: (error) =>
        error instanceof WazzupError && error.status === 429
          ? (error.retryAfterSeconds ?? DEFAULT_RATE_LIMIT_WAIT_SECONDS)
          : null,
      sleep: options.sleep ?? realSleep,
    });
  }

  async function callOnce<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await send(`${root}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${options.apiKey}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    if (!response.ok) {
      const error = asRecord(parsed);
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new WazzupError(
        response.status,
        typeof error.error === 'string' ? error.error : `HTTP_${response.status}`,
        typeof error.description === 'string' ? error.description : '',
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      );
    }
    return parsed as T;
  }

  return {
    /** GET /v3/channels: every channel of the account (a wrong key answers 401 INVALID_APIKEY). */
    async listChannels(): Promise<WazzupChannel[]> {
      const channels = await call<unknown>('GET', '/channels');
      if (!Array.isArray(channels)) throw new WazzupError(502, 'BAD_RESPONSE', 'channels is not a list');
      return channels
        .map(asRecord)
        .filter((one) => typeof one.channelId === 'string')
        .map((one) => ({
          channelId: String(one.channelId),
          transport: String(one.transport ?? ''),
          plainId: String(one.plainId ?? ''),
          state: String(one.state ?? ''),
          ...(typeof one.name === 'string' ? { name: one.name } : {}),
        }));
    },
    /**
     * PATCH /v3/webhooks: messages, statuses and channel updates (the QR) go to `uri` (≤ 200
     * characters, a query string allowed: Wazzup signs nothing, so the secret rides there). Wazzup
     * POSTs `{"test":true}` to it first and refuses with testPostNotPassed unless it answers 200.
     */
    async subscribe(uri: string): Promise<void> {
      await call('PATCH', '/webhooks', {
        webhooksUri: uri,
        subscriptions: { ...NO_SUBSCRIPTIONS, messagesAndStatuses: true, channelsUpdates: true },
      });
    },
    /** GET /v3/webhooks: where the account's webhooks go now, and which. */
    async webhooks(): Promise<WazzupWebhooks> {
      const answer = asRecord(await call('GET', '/webhooks'));
      return {
        webhooksUri: typeof answer.webhooksUri === 'string' ? answer.webhooksUri : null,
        subscriptions: asRecord(answer.subscriptions),
      };
    },
    /**
     * Turns every subscription off (v3 documents no DELETE /v3/webhooks). Wazzup still probes `uri`
     * with `{"test":true}`, so it must answer 200.
     */
    async unsubscribe(uri: string): Promise<void> {
      await call('PATCH', '/webhooks', { webhooksUri: uri, subscriptions: NO_SUBSCRIPTIONS });
    },
    /**
     * POST /v3/message → 201 `{messageId, chatId}`. A bot's reply keeps the chat "unanswered" for
     * the managers (`clearUnanswered: false`). The send comes back as an isEcho webhook.
     */
    async sendMessage(message: WazzupSend): Promise<{ messageId: string; chatId: string }> {
      const answer = asRecord(await call('POST', '/message', { ...message, clearUnanswered: false }));
      return { messageId: String(answer.messageId ?? ''), chatId: String(answer.chatId ?? message.chatId) };
    },
  };
}

export type WazzupClient = ReturnType<typeof createWazzupClient>;
