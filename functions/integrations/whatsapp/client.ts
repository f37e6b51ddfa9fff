import { asRecord } from '../../shared/as-record';
import { hmacHex } from '../../shared/hmac-hex';
import type { FetchLike } from '../module';
import { realSleep, withRateLimitRetries } from '../rate-limit-retry';

/**
 * Meta's Graph API for the WhatsApp Cloud API (reference/whatsapp-cloud.md §1.6, §3): the token as
 * `Authorization: Bearer`, and `appsecret_proof` (hex HMAC-SHA256 of the token under the app
 * secret) on every call, so the app secret is checked on connecting (a secret of another app is
 * refused: code 100 "Invalid appsecret_proof provided in the API argument" [PEER: the Graph SDKs'
 * issue trackers]) and calls keep working where the app requires the proof. Errors come as
 * `{error:{message,type,code,error_subcode?,error_data:{details},fbtrace_id}}`; logic reads `code`,
 * never the title or the HTTP status (§3.4).
 */

/** The Graph API version every call names (§1.6: versions live two years; v25.0 until July 2028). */
export const GRAPH_API_VERSION = 'v25.0';

/** A text message's body takes at most this many characters (§3.1). */
export const WHATSAPP_TEXT_LIMIT = 4096;
/** A media caption takes at most this many (§3.2). */
export const WHATSAPP_CAPTION_LIMIT = 1024;

/** The customer service window is closed: free-form messages are refused (§3.3). */
export const REENGAGEMENT_CODE = 131047;
/** Throughput (130429), pair rate (131056), app and WABA call rate (4, 80007): nothing was taken. */
const RATE_LIMIT_CODES = new Set([130429, 131056, 4, 80007]);
/** Token expired or invalid, permission or asset access missing (§3.4): connecting again fixes it. */
const AUTH_CODES = new Set([190, 0, 10]);

export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | null,
    readonly detail: string,
    readonly details: string | null = null,
    readonly fbtraceId: string | null = null,
  ) {
    super(`Graph ${status}${code === null ? '' : ` (#${code})`}${detail ? `: ${detail}` : ''}`);
    this.name = 'GraphError';
  }

  get windowClosed(): boolean {
    return this.code === REENGAGEMENT_CODE;
  }

  get rateLimited(): boolean {
    return this.code !== null && RATE_LIMIT_CODES.has(this.code);
  }

  get credentialsRefused(): boolean {
    return (
      this.status === 401 ||
      (this.code !== null && (AUTH_CODES.has(this.code) || (this.code >= 200 && this.code <= 299)))
    );
  }
}

export interface WhatsAppNumber {
  id: string;
  displayPhoneNumber: string | null;
  verifiedName: string | null;
}

/** Who a message goes to: a phone number (`to`), or a business-scoped user id (`recipient`, §2.4). */
export type WhatsAppRecipient = { to: string } | { recipient: string };

export type WhatsAppOutgoing =
  | { type: 'text'; text: string }
  | { type: 'image' | 'video' | 'audio' | 'document'; link: string; caption?: string; filename?: string };

export interface GraphClientOptions {
  token: string;
  appSecret: string;
  /** The Graph root without a version (https://graph.facebook.com, or WHATSAPP_API_ROOT). */
  apiRoot: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  /** How many times a rate limit is waited out (§3.5: 4^X seconds; default 0). */
  rateLimitRetries?: number;
  sleep?: (ms: number) => Promise<void>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

export function createGraphClient(options: GraphClientOptions) {
  const root = `${options.apiRoot.replace(/\/+$/, '')}/${GRAPH_API_VERSION}`;
  const send = options.fetch ?? ((input: string, init: RequestInit) => fetch(input, init));
  const proof = hmacHex(options.appSecret, options.token);

  async function callOnce(method: string, path: string, query: Record<string, string>, body?: unknown) {
    const url = new URL(`${root}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    url.searchParams.set('appsecret_proof', proof);
    const response = await send(url.toString(), {
      method,
      headers: {
        authorization: `Bearer ${options.token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const raw = await response.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = asRecord(raw ? JSON.parse(raw) : {});
    } catch {
      parsed = {};
    }
    const error = parsed.error === undefined ? null : asRecord(parsed.error);
    if (!response.ok || error) {
      const code = typeof error?.code === 'number' ? error.code : null;
      throw new GraphError(
        response.ok ? 400 : response.status,
        code,
        text(error?.message) ?? '',
        text(asRecord(error?.error_data).details),
        text(error?.fbtrace_id),
      );
    }
    return parsed;
  }

  /** One call; a rate limit is waited out 4^attempt seconds, `rateLimitRetries` times (Meta took nothing). */
  function call(method: string, path: string, query: Record<string, string> = {}, body?: unknown) {
    let attempt = 0;
    return withRateLimitRetries(() => callOnce(method, path, query, body), {
      retries: options.rateLimitRetries ?? 0,
      waitOf: (error) => (error instanceof GraphError && error.rateLimited ? 4 ** attempt++ : null),
      sleep: options.sleep ?? realSleep,
    });
  }

  return {
    /** GET /{phone-number-id}: the number exists and this token reaches it (a wrong id: code 100, subcode 33). */
    async phoneNumber(phoneNumberId: string): Promise<WhatsAppNumber> {
      const answer = await call('GET', `/${phoneNumberId}`, {
        fields: 'id,display_phone_number,verified_name',
      });
      return {
        id: text(answer.id) ?? phoneNumberId,
        displayPhoneNumber: text(answer.display_phone_number)?.replace(/\D/g, '') || null,
        verifiedName: text(answer.verified_name),
      };
    },
    /** POST /{waba-id}/subscribed_apps: the token's app gets the WABA's webhooks (§1.4 step 3). */
    async subscribeApp(wabaId: string): Promise<void> {
      await call('POST', `/${wabaId}/subscribed_apps`);
    },
    /** DELETE /{waba-id}/subscribed_apps: the app no longer gets them (peers; UNVERIFIED in the reference). */
    async unsubscribeApp(wabaId: string): Promise<void> {
      await call('DELETE', `/${wabaId}/subscribed_apps`);
    },
    /** POST /{phone-number-id}/messages: answers the message's wamid (accepted, not yet delivered). */
    async sendMessage(
      phoneNumberId: string,
      recipient: WhatsAppRecipient,
      message: WhatsAppOutgoing,
    ): Promise<{ wamid: string }> {
      const content =
        message.type === 'text'
          ? { text: { preview_url: false, body: message.text } }
          : {
              [message.type]: {
                link: message.link,
                ...(message.caption ? { caption: message.caption } : {}),
                ...(message.filename ? { filename: message.filename } : {}),
              },
            };
      const answer = await call(
        'POST',
        `/${phoneNumberId}/messages`,
        {},
        {
          messaging_product: 'whatsapp',
          recipient_type: 'individual',
          ...recipient,
          type: message.type,
          ...content,
        },
      );
      const [first] = Array.isArray(answer.messages) ? answer.messages.map(asRecord) : [];
      return { wamid: text(first?.id) ?? '' };
    },
  };
}

export type GraphClient = ReturnType<typeof createGraphClient>;
