import { asRecord } from '../../shared/as-record';
import type { FetchLike } from '../module';
import { realSleep, withRateLimitRetries } from '../rate-limit-retry';

/**
 * Bitrix24's REST API of one portal (reference/crm.md §2.3): `POST {client_endpoint}{method}` with
 * the access token in the body's `auth`; answers `{result, total?, time}`, refusals
 * `{error, error_description}`. The portal's leaky bucket refuses with 503 QUERY_LIMIT_EXCEEDED and
 * a method over its time budget with 429 OPERATION_TIME_LIMIT: both mean nothing was done, so the
 * call is repeated after a pause.
 */

export class BitrixError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly description: string,
  ) {
    super(`Bitrix24 ${status} ${code}${description ? `: ${description}` : ''}`);
    this.name = 'BitrixError';
  }

  /** The access token ended or was revoked: refresh and repeat. */
  get expired(): boolean {
    return this.status === 401 && (this.code === 'expired_token' || this.code === 'invalid_token');
  }

  get explanation(): string {
    return this.description || this.code || `HTTP ${this.status}`;
  }
}

export interface BitrixClientOptions {
  /** The portal's REST root, `https://{domain}/rest/`. */
  endpoint: string;
  accessToken: string;
  /** How the address is reached: `fetchFor` (module.ts), the guarded fetch for an account's address. */
  fetch: FetchLike;
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
}

const RATE_LIMIT_RETRIES = 4;
/** The bucket drains 2 requests a second on most plans: a refused call waits for one. */
const RATE_LIMIT_WAIT_SECONDS = 1;

export async function bitrixAnswer(response: Response): Promise<Record<string, unknown>> {
  const raw = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = asRecord(JSON.parse(raw));
  } catch {
    if (response.ok) throw new BitrixError(502, 'NOT_JSON', 'Bitrix24 answered something that is not JSON');
  }
  if (!response.ok || typeof body.error === 'string') {
    throw new BitrixError(
      response.ok ? 400 : response.status,
      typeof body.error === 'string' ? body.error : `HTTP_${response.status}`,
      typeof body.error_description === 'string' ? body.error_description : '',
    );
  }
  return body;
}

export function createBitrixClient(options: BitrixClientOptions) {
  const send = options.fetch;
  const sleep = options.sleep ?? realSleep;
  const root = options.endpoint.endsWith('/') ? options.endpoint : `${options.endpoint}/`;

  async function callOnce(method: string, params: Record<string, unknown>) {
    const response = await send(`${root}${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ ...params, auth: options.accessToken }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
    });
    return bitrixAnswer(response);
  }

  const call = (method: string, params: Record<string, unknown> = {}) =>
    withRateLimitRetries(() => callOnce(method, params), {
      retries: RATE_LIMIT_RETRIES,
      waitOf: (error) =>
        error instanceof BitrixError && (error.code === 'QUERY_LIMIT_EXCEEDED' || error.status === 429)
          ? RATE_LIMIT_WAIT_SECONDS
          : null,
      sleep,
    });

  return {
    /** A method's `result`. */
    async result<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
      return (await call(method, params)).result as T;
    },
    /** Every item of a list method, page by page (`start`), up to `max`. */
    async list<T>(method: string, params: Record<string, unknown> = {}, max = 500): Promise<T[]> {
      const items: T[] = [];
      let start = 0;
      while (items.length < max) {
        const body = await call(method, { ...params, start });
        const page = Array.isArray(body.result) ? (body.result as T[]) : [];
        items.push(...page);
        if (typeof body.next !== 'number' || page.length === 0) break;
        start = body.next;
      }
      return items.slice(0, max);
    },
  };
}

export type BitrixClient = ReturnType<typeof createBitrixClient>;
