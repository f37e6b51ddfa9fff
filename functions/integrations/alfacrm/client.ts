import { asRecord } from '../../shared/as-record';
import type { FetchLike } from '../module';
import { realSleep, withRateLimitRetries } from '../rate-limit-retry';
import { waitForSlot } from '../throttle';

/**
 * AlfaCRM's v2api in one branch of one account (reference/crm.md §4): every call, reads included,
 * is a POST with a JSON body to `/v2api/{branch}/{model}/{index|create|update}` carrying the
 * session token in `X-ALFACRM-TOKEN`. A refusal is a Yii error body (`{name, message, status}`) or,
 * on a 200, a non-empty `errors` field naming what was wrong. AlfaCRM asks for calls one after
 * another: this process sends at most a few a second per account, and waits out a 429.
 */

/** A refusal by AlfaCRM. */
export class AlfaError extends Error {
  constructor(
    readonly status: number,
    readonly explanation: string,
  ) {
    super(`AlfaCRM ${status}: ${explanation}`);
    this.name = 'AlfaError';
  }
}

export interface AlfaPage<T> {
  total: number;
  count: number;
  page: number;
  items: T[];
}

export interface AlfaClientOptions {
  /** `https://{hostname}` (or a test's fake), no trailing slash. */
  base: string;
  branchId: string;
  token: string;
  /** Whose calls share the budget: the account. */
  throttleKey: string;
  /** How the address is reached: `fetchFor` (module.ts), the guarded fetch for an account's address. */
  fetch: FetchLike;
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
}

const REQUESTS_PER_SECOND = 5;
const RATE_LIMIT_RETRIES = 3;
export const ALFA_TOKEN_HEADER = 'X-ALFACRM-TOKEN';

/** `errors` as one line: `{field: [messages]}`, a list or a text. */
function errorsText(errors: unknown): string {
  if (typeof errors === 'string') return errors;
  if (Array.isArray(errors)) return errors.map(errorsText).join('; ');
  return Object.entries(asRecord(errors))
    .map(([field, messages]) => `${field}: ${errorsText(messages)}`)
    .join('; ');
}

const hasErrors = (errors: unknown) =>
  errors !== undefined &&
  errors !== null &&
  errors !== '' &&
  !(Array.isArray(errors) && errors.length === 0) &&
  !(typeof errors === 'object' && Object.keys(errors as object).length === 0);

/** The body of an answer, or the AlfaError it stands for. */
export async function alfaAnswer(response: Response): Promise<Record<string, unknown>> {
  const raw = await response.text();
  let body: Record<string, unknown> = {};
  try {
    body = asRecord(JSON.parse(raw));
  } catch {
    if (response.ok) throw new AlfaError(502, 'AlfaCRM answered something that is not JSON');
  }
  if (!response.ok) {
    const message =
      typeof body.message === 'string' && body.message ? body.message : `HTTP ${response.status}`;
    throw new AlfaError(response.status, hasErrors(body.errors) ? errorsText(body.errors) : message);
  }
  if (hasErrors(body.errors)) throw new AlfaError(400, errorsText(body.errors));
  return body;
}

export function createAlfaClient(options: AlfaClientOptions) {
  const send = options.fetch;
  const sleep = options.sleep ?? realSleep;

  async function postOnce(path: string, body: Record<string, unknown>) {
    await waitForSlot(options.throttleKey, REQUESTS_PER_SECOND, sleep);
    const response = await send(`${options.base}/v2api/${options.branchId}/${path}`, {
      method: 'POST',
      headers: {
        [ALFA_TOKEN_HEADER]: options.token,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    return alfaAnswer(response);
  }

  const post = (path: string, body: Record<string, unknown>) =>
    withRateLimitRetries(() => postOnce(path, body), {
      retries: RATE_LIMIT_RETRIES,
      waitOf: (error) => (error instanceof AlfaError && error.status === 429 ? 1 : null),
      sleep,
    });

  return {
    /** One page of a model's list (`page` from 0), filtered by the body's fields. */
    async index<T>(model: string, filters: Record<string, unknown> = {}, page = 0, perPage = 100) {
      const body = await post(`${model}/index?per-page=${perPage}`, { ...filters, page });
      return {
        total: Number(body.total ?? 0),
        count: Number(body.count ?? 0),
        page: Number(body.page ?? page),
        items: Array.isArray(body.items) ? (body.items as T[]) : [],
      } satisfies AlfaPage<T>;
    },
    /** Every item of a list, up to `max`. */
    async all<T>(model: string, filters: Record<string, unknown> = {}, max = 1000): Promise<T[]> {
      const items: T[] = [];
      for (let page = 0; items.length < max; page++) {
        const answer = await this.index<T>(model, filters, page, 100);
        items.push(...answer.items);
        if (answer.items.length === 0 || items.length >= answer.total) break;
      }
      return items.slice(0, max);
    },
    async create<T>(model: string, fields: Record<string, unknown>, query = '') {
      const body = await post(`${model}/create${query}`, fields);
      return asRecord(body.model) as T;
    },
    async update<T>(model: string, id: string | number, fields: Record<string, unknown>) {
      const body = await post(`${model}/update?id=${encodeURIComponent(String(id))}`, fields);
      return asRecord(body.model) as T;
    },
  };
}

export type AlfaClient = ReturnType<typeof createAlfaClient>;
