import { asRecord } from '../../shared/as-record';
import type { FetchLike } from '../module';
import { realSleep, withRateLimitRetries } from '../rate-limit-retry';
import { waitForSlot } from '../throttle';

/**
 * RetailCRM's API v5 of one account (reference/crm.md §3.2): `X-API-KEY` on every call, reads as
 * GET with a query, writes as form fields carrying JSON (`order=<json>&by=id`). Answers are
 * `{success: true, …}`; refusals `{success: false, errorMsg, errors: {field: message}}`. Calls are
 * kept to 10 a second per key, and a 429 or 503 (nothing done) is waited out and repeated.
 */

export class RetailError extends Error {
  constructor(
    readonly status: number,
    readonly explanation: string,
  ) {
    super(`RetailCRM ${status}: ${explanation}`);
    this.name = 'RetailError';
  }
}

export interface RetailClientOptions {
  /** The account's address (`systemUrl`), or a test's fake; no trailing slash. */
  base: string;
  apiKey: string;
  /** Whose calls share the budget: the key's account. */
  throttleKey: string;
  /** The site orders are made and read on (`site` of order calls). */
  site?: string;
  /** How the address is reached: `fetchFor` (module.ts), the guarded fetch for an account's address. */
  fetch: FetchLike;
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
}

const REQUESTS_PER_SECOND = 10;
const RETRIES = 4;

/** `errorMsg` and the field errors as one line. */
function refusalText(body: Record<string, unknown>, status: number): string {
  const message = typeof body.errorMsg === 'string' && body.errorMsg ? body.errorMsg : `HTTP ${status}`;
  const errors = body.errors;
  const details = Array.isArray(errors)
    ? errors.map(String)
    : Object.entries(asRecord(errors)).map(([field, text]) => `${field}: ${String(text)}`);
  return details.length ? `${message} (${details.join('; ')})` : message;
}

export async function retailAnswer(response: Response): Promise<Record<string, unknown>> {
  const raw = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = asRecord(JSON.parse(raw));
  } catch {
    throw new RetailError(response.ok ? 502 : response.status, `HTTP ${response.status}: not JSON`);
  }
  if (!response.ok || body.success !== true) {
    throw new RetailError(response.ok ? 400 : response.status, refusalText(body, response.status));
  }
  return body;
}

/** Form fields: objects go as JSON, the rest as text. */
function formOf(fields: Record<string, unknown>): string {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    form.set(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return form.toString();
}

export function createRetailClient(options: RetailClientOptions) {
  const send = options.fetch;
  const sleep = options.sleep ?? realSleep;

  async function once(method: 'GET' | 'POST', path: string, query: string, body?: string) {
    await waitForSlot(options.throttleKey, REQUESTS_PER_SECOND, sleep);
    const response = await send(`${options.base}/api/v5/${path}${query ? `?${query}` : ''}`, {
      method,
      headers: {
        'X-API-KEY': options.apiKey,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    return retailAnswer(response);
  }

  const call = (method: 'GET' | 'POST', path: string, query: string, body?: string) =>
    withRateLimitRetries(() => once(method, path, query, body), {
      retries: RETRIES,
      waitOf: (error) =>
        error instanceof RetailError && (error.status === 429 || error.status === 503) ? 1 : null,
      sleep,
    });

  return {
    site: options.site,
    /** A read; `query` values that are lists repeat their name (`filter[ids][]=1&filter[ids][]=2`). */
    get(path: string, query: Record<string, string | number | undefined> = {}) {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(query))
        if (value !== undefined) params.set(name, String(value));
      return call('GET', path, params.toString());
    },
    /** A write: form fields, objects as JSON. */
    post(path: string, fields: Record<string, unknown>) {
      return call('POST', path, '', formOf(fields));
    },
  };
}

export type RetailClient = ReturnType<typeof createRetailClient>;
