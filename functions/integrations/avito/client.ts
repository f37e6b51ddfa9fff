import { asRecord } from '../../shared/as-record';
import type { FetchLike } from '../module';
import { realSleep, withRateLimitRetries } from '../rate-limit-retry';

/**
 * The Avito API (reference/messengers.md §5; the official OpenAPI mirror of the Messenger API):
 * a client-credentials token from POST /token, then `Authorization: Bearer <token>` on every call.
 * Errors come as `{"error": {"code", "message"}}`. A call the API refuses with 401 is repeated once
 * with a new token (the cached one may have been revoked or expired early); a 429 is waited out.
 */

export class AvitoError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    /** Seconds to wait before trying again (429), when Avito said. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`Avito ${status}${detail ? `: ${detail}` : ''}`);
    this.name = 'AvitoError';
  }
}

/** The token endpoint refused the client id and secret (whatever status it chose to say it with). */
export class AvitoCredentialsRefused extends AvitoError {
  constructor(status: number, detail: string) {
    super(status, detail);
    this.name = 'AvitoCredentialsRefused';
  }
}

export interface AvitoToken {
  accessToken: string;
  expiresInSeconds: number;
}

/** Where the client takes its token from: a cache (tokens.ts), or a fresh one per call. */
export interface TokenSource {
  /** A token to call with; never `stale`, the one the API just refused. */
  get(stale?: string): Promise<string>;
}

/** Without a Retry-After, a 429 is waited out this long (Avito documents only X-RateLimit-* headers). */
const DEFAULT_RATE_LIMIT_WAIT_SECONDS = 1;
/** A token without a lifetime is kept this long (Avito's is 24 h). */
const DEFAULT_TOKEN_SECONDS = 3600;

async function readJson(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  try {
    return asRecord(text ? JSON.parse(text) : {});
  } catch {
    return {};
  }
}

function errorDetail(body: Record<string, unknown>): string {
  const error = body.error;
  if (typeof error === 'string') {
    return typeof body.error_description === 'string' ? `${error}: ${body.error_description}` : error;
  }
  const nested = asRecord(error);
  if (typeof nested.message === 'string') return nested.message;
  return typeof body.message === 'string' ? body.message : '';
}

/**
 * POST /token with grant_type=client_credentials (form-encoded). A refusal is an
 * AvitoCredentialsRefused: OAuth servers say `invalid_client` with 400 or 401, and some with 200
 * and no token (which status Avito uses is UNVERIFIED, so every one of them is read as a refusal).
 */
export async function issueAvitoToken(options: {
  apiRoot: string;
  fetch: FetchLike;
  clientId: string;
  clientSecret: string;
  timeoutMs?: number;
}): Promise<AvitoToken> {
  const response = await options.fetch(`${options.apiRoot}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: options.clientId,
      client_secret: options.clientSecret,
    }).toString(),
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  });
  const body = await readJson(response);
  if (response.status >= 500 || response.status === 429) {
    throw new AvitoError(response.status, errorDetail(body));
  }
  if (!response.ok || typeof body.access_token !== 'string' || body.access_token === '') {
    throw new AvitoCredentialsRefused(response.status, errorDetail(body) || 'no access_token');
  }
  const expires = Number(body.expires_in);
  return {
    accessToken: body.access_token,
    expiresInSeconds: Number.isFinite(expires) && expires > 0 ? expires : DEFAULT_TOKEN_SECONDS,
  };
}

export interface AvitoSelf {
  userId: string;
  name: string | null;
  profileUrl: string | null;
}

export interface AvitoChatInfo {
  /** The other party of the chat (not the account): its name on Avito. */
  customerName: string | null;
  /** The listing the chat is about (u2i chats). */
  itemTitle: string | null;
  itemId: string | null;
}

export interface AvitoClientOptions {
  apiRoot: string;
  fetch: FetchLike;
  tokens: TokenSource;
  timeoutMs?: number;
  /** How many times a 429 is waited out and the call repeated (default 0). */
  rateLimitRetries?: number;
  sleep?: (ms: number) => Promise<void>;
}

const idText = (value: unknown): string | null =>
  typeof value === 'number' && Number.isFinite(value)
    ? String(value)
    : typeof value === 'string' && value !== ''
      ? value
      : null;

export function createAvitoClient(options: AvitoClientOptions) {
  const root = options.apiRoot.replace(/\/+$/, '');

  async function once(token: string, method: string, path: string, body?: unknown) {
    const response = await options.fetch(`${root}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const parsed = await readJson(response);
    if (!response.ok) {
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new AvitoError(
        response.status,
        errorDetail(parsed),
        response.headers.has('retry-after') && Number.isFinite(retryAfter) && retryAfter >= 0
          ? retryAfter
          : null,
      );
    }
    return parsed;
  }

  /** One call with the cached token; a 401 gets one more try with a new token, never more. */
  async function authorised(method: string, path: string, body?: unknown) {
    const token = await options.tokens.get();
    try {
      return await once(token, method, path, body);
    } catch (error) {
      if (!(error instanceof AvitoError) || error.status !== 401) throw error;
      return once(await options.tokens.get(token), method, path, body);
    }
  }

  const call = (method: string, path: string, body?: unknown) =>
    withRateLimitRetries(() => authorised(method, path, body), {
      retries: options.rateLimitRetries ?? 0,
      waitOf: (error) =>
        error instanceof AvitoError && error.status === 429
          ? (error.retryAfterSeconds ?? DEFAULT_RATE_LIMIT_WAIT_SECONDS)
          : null,
      sleep: options.sleep ?? realSleep,
    });

  const chatPath = (userId: string, chatId: string) =>
    `/messenger/v2/accounts/${encodeURIComponent(userId)}/chats/${encodeURIComponent(chatId)}`;

  return {
    /** GET /core/v1/accounts/self: the account the credentials belong to (its id is the webhook's user_id). */
    async self(): Promise<AvitoSelf> {
      const answer = await call('GET', '/core/v1/accounts/self');
      const userId = idText(answer.id);
      if (!userId) throw new AvitoError(502, 'no account id in accounts/self');
      return {
        userId,
        name: typeof answer.name === 'string' && answer.name.trim() ? answer.name.trim() : null,
        profileUrl: typeof answer.profile_url === 'string' ? answer.profile_url : null,
      };
    },
    /** POST /messenger/v3/webhook: Avito delivers the account's messages to `url`. */
    async subscribe(url: string): Promise<void> {
      await call('POST', '/messenger/v3/webhook', { url });
    },
    /** POST /messenger/v1/webhook/unsubscribe: no more deliveries to `url`. */
    async unsubscribe(url: string): Promise<void> {
      await call('POST', '/messenger/v1/webhook/unsubscribe', { url });
    },
    /** POST /messenger/v1/subscriptions: the addresses Avito delivers to now. */
    async subscriptions(): Promise<string[]> {
      const answer = await call('POST', '/messenger/v1/subscriptions');
      const list = Array.isArray(answer.subscriptions) ? answer.subscriptions : [];
      return list.map((one) => asRecord(one).url).filter((url): url is string => typeof url === 'string');
    },
    /** POST .../chats/{chat_id}/messages: a text of at most AVITO_TEXT_LIMIT characters; Avito's message id. */
    async sendText(userId: string, chatId: string, text: string): Promise<{ messageId: string }> {
      const path = `/messenger/v1/accounts/${encodeURIComponent(userId)}/chats/${encodeURIComponent(chatId)}/messages`;
      const answer = await call('POST', path, { message: { text }, type: 'text' });
      return { messageId: idText(answer.id) ?? '' };
    },
    /** GET /messenger/v2/accounts/{user_id}/chats/{chat_id}: who the account talks to, about what. */
    async chat(userId: string, chatId: string): Promise<AvitoChatInfo> {
      const answer = await call('GET', chatPath(userId, chatId));
      const users = Array.isArray(answer.users) ? answer.users.map(asRecord) : [];
      const other = users.find((user) => idText(user.id) !== userId);
      const name = typeof other?.name === 'string' && other.name.trim() ? other.name.trim() : null;
      const context = asRecord(answer.context);
      const item = context.type === 'item' ? asRecord(context.value) : {};
      return {
        customerName: name,
        itemTitle: typeof item.title === 'string' && item.title.trim() ? item.title.trim() : null,
        itemId: idText(item.id),
      };
    },
  };
}

export type AvitoClient = ReturnType<typeof createAvitoClient>;
