/**
 * DaData suggestions client for the invoice form: a company by INN/OGRN and a bank by BIK. Only
 * `fetch`, so it runs on Workers and Node. Every failure (no key, quota, timeout, network, a 5xx or
 * a strange body) is a `DadataError`: callers answer "suggestions unavailable"
 * (`invoice_suggestions_unavailable`) and let the user type the details, never a 5xx.
 *
 * Protocol: `POST {apiRoot}/findById/party {query, branch_type: 'MAIN'}` and
 * `POST {apiRoot}/findById/bank {query}` with `Authorization: Token <key>`; answers
 * `{suggestions: [{value, unrestricted_value, data}]}`, an empty list when nothing matches.
 */

export const DADATA_API_ROOT = 'https://suggestions.dadata.ru/suggestions/api/4_1/rs';
/** The official clients' default. */
export const DADATA_TIMEOUT_MS = 3000;

export interface DadataClientOptions {
  apiKey: string;
  /** Without a trailing slash; defaults to `DADATA_API_ROOT`. */
  apiRoot?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** A company or sole proprietor, as the invoice form needs it. */
export interface DadataParty {
  inn: string;
  /** null for sole proprietors. */
  kpp: string | null;
  ogrn: string | null;
  /** The short name with its legal form ("ПАО СБЕРБАНК"), else the full one. */
  name: string;
  /** The address with its postal code. */
  legal_address: string | null;
  /** The head (companies only). */
  management: { name: string; post: string | null } | null;
  /** LEGAL or INDIVIDUAL. */
  type: string | null;
  /** ACTIVE, LIQUIDATING, LIQUIDATED, BANKRUPT, REORGANIZING: warn when not ACTIVE. */
  status: string | null;
}

export interface DadataBank {
  bik: string;
  /** The name for payment orders ("ПАО СБЕРБАНК"). */
  name: string;
  correspondent_account: string | null;
  address: string | null;
}

export type DadataErrorKind =
  /** 401, or a 403 other than the quota one: the key is missing, wrong or blocked. */
  | 'unauthorized'
  /** 403 "Feature 'SUGGESTIONS' disabled": the daily limit is used up (resets at Moscow midnight). */
  | 'quota'
  | 'rate_limited'
  | 'timeout'
  | 'network'
  /** Any other non-2xx answer. */
  | 'http'
  /** A 2xx answer without the `suggestions` list. */
  | 'bad_response';

export class DadataError extends Error {
  override readonly name = 'DadataError';
  constructor(
    readonly kind: DadataErrorKind,
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

export interface DadataClient {
  /** The head office of a company (INN or OGRN), or a sole proprietor (INN or OGRNIP); [] when not found. */
  findParty(inn: string): Promise<DadataParty[]>;
  /** A bank by BIK; [] when not found. */
  findBank(bik: string): Promise<DadataBank[]>;
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

function at(value: unknown, ...path: string[]): unknown {
  let current = value;
  for (const key of path) {
    if (!isRecord(current)) return undefined;
    current = current[key];
  }
  return current;
}

function toParty(suggestion: Json): DadataParty | null {
  const data = suggestion.data;
  const inn = text(at(data, 'inn'));
  const name =
    text(at(data, 'name', 'short_with_opf')) ??
    text(at(data, 'name', 'full_with_opf')) ??
    text(suggestion.value);
  if (!inn || !name) return null;
  const managerName = text(at(data, 'management', 'name'));
  return {
    inn,
    kpp: text(at(data, 'kpp')),
    ogrn: text(at(data, 'ogrn')),
    name,
    legal_address: text(at(data, 'address', 'unrestricted_value')) ?? text(at(data, 'address', 'value')),
    management: managerName ? { name: managerName, post: text(at(data, 'management', 'post')) } : null,
    type: text(at(data, 'type')),
    status: text(at(data, 'state', 'status')),
  };
}

function toBank(suggestion: Json): DadataBank | null {
  const data = suggestion.data;
  const bik = text(at(data, 'bic'));
  const name = text(at(data, 'name', 'payment')) ?? text(suggestion.value);
  if (!bik || !name) return null;
  return {
    bik,
    name,
    correspondent_account: text(at(data, 'correspondent_account')),
    address: text(at(data, 'address', 'unrestricted_value')) ?? text(at(data, 'address', 'value')),
  };
}

/** The quota answer names the API key in its message; never pass the body on. */
const QUOTA_MARKER = "Feature 'SUGGESTIONS' disabled";

export function createDadataClient(options: DadataClientOptions): DadataClient {
  const apiRoot = (options.apiRoot ?? DADATA_API_ROOT).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DADATA_TIMEOUT_MS;
  // Called as a plain function: Workers refuse a `fetch` invoked as a method of another object.
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function findById(kind: 'party' | 'bank', body: Json): Promise<Json[]> {
    if (!options.apiKey) throw new DadataError('unauthorized', 'DaData API key is not configured');
    let response: Response;
    try {
      response = await doFetch(`${apiRoot}/findById/${kind}`, {
        method: 'POST',
        headers: {
          authorization: `Token ${options.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new DadataError('timeout', `DaData did not answer in ${timeoutMs} ms`);
      }
      throw new DadataError(
        'network',
        `DaData is unreachable: ${error instanceof Error ? error.message : error}`,
      );
    }

    let raw: string;
    try {
      raw = await response.text();
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'TimeoutError' || name === 'AbortError') {
        throw new DadataError('timeout', `DaData did not answer in ${timeoutMs} ms`);
      }
      throw new DadataError('network', 'DaData answer was cut off', response.status);
    }

    if (!response.ok) {
      const status = response.status;
      if (status === 403 && raw.includes(QUOTA_MARKER)) {
        throw new DadataError('quota', 'DaData suggestions quota is used up for today', status);
      }
      if (status === 401 || status === 403) {
        throw new DadataError('unauthorized', `DaData refused the API key (HTTP ${status})`, status);
      }
      if (status === 429) throw new DadataError('rate_limited', 'DaData rate limit (HTTP 429)', status);
      throw new DadataError('http', `DaData answered HTTP ${status}`, status);
    }

    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new DadataError(
        'bad_response',
        'DaData answered with something other than JSON',
        response.status,
      );
    }
    const suggestions = isRecord(parsed) ? parsed.suggestions : undefined;
    if (!Array.isArray(suggestions)) {
      throw new DadataError('bad_response', 'DaData answer has no suggestions list', response.status);
    }
    return suggestions.filter(isRecord);
  }

  return {
    async findParty(inn) {
      const query = inn.replace(/\s+/g, '');
      if (!/^\d{10}$|^\d{12,13}$|^\d{15}$/.test(query)) return [];
      // Head offices only for companies. Sole proprietors have no branches (their branch_type is
      // null), and whether DaData's MAIN filter keeps them is not documented, so it is left out.
      const isCompany = query.length === 10 || query.length === 13;
      const found = await findById('party', isCompany ? { query, branch_type: 'MAIN' } : { query });
      return found.map(toParty).filter((party): party is DadataParty => party !== null);
    },
    async findBank(bik) {
      const query = bik.replace(/\s+/g, '');
      if (!/^\d{9}$/.test(query)) return [];
      const found = await findById('bank', { query });
      return found.map(toBank).filter((bank): bank is DadataBank => bank !== null);
    },
  };
}
