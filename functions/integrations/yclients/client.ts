import { asRecord } from '../../shared/as-record';
import type { FetchLike } from '../module';
import { realSleep, withRateLimitRetries } from '../rate-limit-retry';
import { waitForSlot } from '../throttle';

/**
 * The REST API of YCLIENTS and Altegio (reference/messengers.md §3.1): `{root}/api/v1/...` with the
 * flavour's vendor `Accept` and ONE `Authorization` header carrying the partner token, and the
 * user token when the salon was connected by a login (`Bearer <partner>, User <user>`). Answers
 * are the envelope `{success, data, meta}`; a refusal carries `meta.message` (and, for online
 * booking, a numeric code: 433 time busy, 436 no staff …). The limit is 200 calls a minute or 5 a
 * second per IP: this process keeps under both and waits out a 429.
 */

/** A refusal: the HTTP status, the system's message and its booking code when it gave one. */
export class SalonError extends Error {
  constructor(
    readonly status: number,
    readonly explanation: string,
    readonly code: number | null = null,
  ) {
    super(`${status}${code ? ` (${code})` : ''}: ${explanation}`);
    this.name = 'SalonError';
  }
}

export interface SalonClientOptions {
  /** The API root without `/api/v1` (the flavour's public one, or the configured one). */
  root: string;
  accept: string;
  partnerToken: string;
  userToken?: string | null;
  /** Whose calls share the limit: the whole process (the system counts per IP). */
  throttleKey: string;
  fetch: FetchLike;
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
}

const CALLS_PER_SECOND = 5;
const CALLS_PER_MINUTE = 200;
/** A minute counted with the margin the second has (throttle.ts). */
const MINUTE_MS = 61_000;
const RATE_LIMIT_RETRIES = 3;

const numberOf = (value: unknown): number | null => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : null;
};

/** The error objects of a refusal: `meta.errors` / `errors`, a list of `{code, message}` or one. */
function errorsOf(body: Record<string, unknown>): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  for (const errors of [asRecord(body.meta).errors, body.errors]) {
    if (Array.isArray(errors)) found.push(...errors.map((error) => asRecord(error)));
    else if (errors && typeof errors === 'object') found.push(asRecord(errors));
  }
  return found;
}

/** The booking code of a refusal (433 time busy, 436 no staff …), wherever this answer keeps it. */
function codeOf(body: Record<string, unknown>): number | null {
  for (const candidate of [
    ...errorsOf(body).map((error) => error.code),
    asRecord(body.meta).code,
    body.code,
  ]) {
    const code = numberOf(candidate);
    if (code !== null && code >= 400 && code < 1000) return code;
  }
  return null;
}

function messageOf(body: Record<string, unknown>, status: number): string {
  for (const candidate of [
    asRecord(body.meta).message,
    ...errorsOf(body).map((error) => error.message),
    body.message,
  ]) {
    if (typeof candidate === 'string' && candidate.trim()) return candidate.trim();
  }
  return `HTTP ${status}`;
}

/** The envelope's `data`, or the SalonError the answer stands for. An empty 201/204 is null. */
export async function salonAnswer(response: Response): Promise<unknown> {
  const raw = await response.text();
  let body: Record<string, unknown> = {};
  if (raw.trim()) {
    try {
      body = asRecord(JSON.parse(raw));
    } catch {
      if (response.ok) throw new SalonError(502, 'the answer is not JSON');
    }
  }
  if (!response.ok || body.success === false) {
    const status = response.ok ? 422 : response.status;
    throw new SalonError(status, messageOf(body, status), codeOf(body));
  }
  return body.data ?? null;
}

type Query = Record<string, string | number | (string | number)[] | undefined | null>;

function queryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(`${name}[]`, String(item));
    else params.append(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function createSalonClient(options: SalonClientOptions) {
  const sleep = options.sleep ?? realSleep;
  const authorization = options.userToken
    ? `Bearer ${options.partnerToken}, User ${options.userToken}`
    : `Bearer ${options.partnerToken}`;

  async function callOnce(
    method: string,
    path: string,
    body?: unknown,
    redirectIsDone = false,
  ): Promise<unknown> {
    await waitForSlot(`${options.throttleKey}:minute`, CALLS_PER_MINUTE, sleep, MINUTE_MS);
    await waitForSlot(options.throttleKey, CALLS_PER_SECOND, sleep);
    const response = await options.fetch(`${options.root}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        accept: options.accept,
        authorization,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    // The browser variant of the marketplace's activation answers done with a redirect (Altegio documents 301).
    if (redirectIsDone && response.status >= 300 && response.status < 400) return null;
    return salonAnswer(response);
  }

  const call = (method: string, path: string, body?: unknown, redirectIsDone = false) =>
    withRateLimitRetries(() => callOnce(method, path, body, redirectIsDone), {
      retries: RATE_LIMIT_RETRIES,
      waitOf: (error) => (error instanceof SalonError && error.status === 429 ? 1 : null),
      sleep,
    });

  return {
    get: (path: string, query: Query = {}) => call('GET', `/api/v1${path}${queryString(query)}`),
    post: (path: string, body: unknown) => call('POST', `/api/v1${path}`, body),
    /** A call outside `/api/v1` (the marketplace's activation): a redirect answer means done. */
    postAt: (path: string, body: unknown) => call('POST', path, body, true),
  };
}

export type SalonClient = ReturnType<typeof createSalonClient>;
