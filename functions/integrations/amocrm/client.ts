import { asRecord } from '../../shared/as-record';
import type { FetchLike } from '../module';
import { realSleep, withRateLimitRetries } from '../rate-limit-retry';
import { waitForSlot } from '../throttle';

/**
 * The amoCRM / Kommo API v4 of one account (reference/crm.md §1.3): `Authorization: Bearer`, JSON
 * in, `application/hal+json` out, errors as `application/problem+json` (validation errors under the
 * hyphenated `validation-errors`), 204 with no body for an empty list, at most 7 requests a second:
 * this process keeps under that per account, and a 429 that slips through is waited out.
 */

/** One validation error of a 400 (`validation-errors[].errors[]`). */
export interface AmoValidationError {
  code: string;
  path: string;
  detail: string;
}

/** A refusal by amoCRM, read from its problem+json body. */
export class AmoError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly hint: string = '',
    readonly validation: AmoValidationError[] = [],
  ) {
    super(`amoCRM ${status} ${title}${detail ? `: ${detail}` : ''}${hint ? ` (${hint})` : ''}`);
    this.name = 'AmoError';
  }

  /** The account is blocked for exceeding the rate again and again (403 with that text). */
  get blocked(): boolean {
    return this.status === 403 && /превышени|exceed/i.test(this.detail);
  }

  /** What the owner or the model reads: the detail and each field's complaint. */
  get explanation(): string {
    const fields = this.validation.map((error) => `${error.path}: ${error.detail}`);
    return [this.detail || this.title, ...fields].filter(Boolean).join('; ');
  }
}

export interface AmoClientOptions {
  /** `https://{subdomain}.amocrm.ru` (or a test's fake), no trailing slash. */
  base: string;
  accessToken: string;
  /** Whose requests share the 7-a-second budget: the account. */
  throttleKey: string;
  /** How the address is reached: `fetchFor` (module.ts), the guarded fetch for an account's address. */
  fetch: FetchLike;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** amoCRM counts requests per second: a 429 is waited out for a second, up to this many times. */
const RATE_LIMIT_RETRIES = 3;
export const AMO_REQUESTS_PER_SECOND = 7;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function validationErrors(body: Record<string, unknown>): AmoValidationError[] {
  const groups = body['validation-errors'];
  if (!Array.isArray(groups)) return [];
  return groups.flatMap((group) => {
    const errors = asRecord(group).errors;
    return Array.isArray(errors)
      ? errors.map(asRecord).map((error) => ({
          code: text(error.code),
          path: text(error.path),
          detail: text(error.detail),
        }))
      : [];
  });
}

/** The error a failed response stands for. */
export async function amoErrorOf(response: Response): Promise<AmoError> {
  const raw = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = asRecord(JSON.parse(raw));
  } catch {
    // A blocked account has been seen answering an HTML page (reference §1.11).
  }
  return new AmoError(
    response.status,
    text(body.title) || `HTTP ${response.status}`,
    text(body.detail),
    text(body.hint),
    validationErrors(body),
  );
}

export function createAmoClient(options: AmoClientOptions) {
  const base = options.base.replace(/\/+$/, '');
  const send = options.fetch;
  const sleep = options.sleep ?? realSleep;

  async function callOnce<T>(method: string, path: string, body?: unknown): Promise<T | null> {
    await waitForSlot(options.throttleKey, AMO_REQUESTS_PER_SECOND, sleep);
    const response = await send(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${options.accessToken}`,
        accept: 'application/hal+json, application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    if (!response.ok) throw await amoErrorOf(response);
    // 204: nothing found (code 2002). Never parsed.
    if (response.status === 204) return null;
    const raw = await response.text();
    return (raw ? JSON.parse(raw) : null) as T | null;
  }

  /** One call; a 429 means amoCRM did nothing, so repeating it never does anything twice. */
  const call = <T>(method: string, path: string, body?: unknown) =>
    withRateLimitRetries(() => callOnce<T>(method, path, body), {
      retries: RATE_LIMIT_RETRIES,
      waitOf: (error) => (error instanceof AmoError && error.status === 429 ? 1 : null),
      sleep,
    });

  return {
    get: <T>(path: string) => call<T>('GET', path),
    post: <T>(path: string, body: unknown) => call<T>('POST', path, body),
    patch: <T>(path: string, body: unknown) => call<T>('PATCH', path, body),
    delete: <T>(path: string, body?: unknown) => call<T>('DELETE', path, body),
  };
}

export type AmoClient = ReturnType<typeof createAmoClient>;
