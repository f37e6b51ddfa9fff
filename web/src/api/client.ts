import { currentLanguage } from '../i18n/i18n';
import { getToken, signOutLocally } from './session';

/** The API's one error shape (ARCHITECTURE §4); `message` is already in the request's language. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    readonly serverMessage: string | null,
    readonly fields: Record<string, string> = {},
    /** The whole error body: some refusals carry data to act on (a bot's problems, missing integrations). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(serverMessage ?? code ?? `HTTP ${status}`);
    this.name = 'ApiError';
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** An error answer's body as an ApiError (also for calls that are not JSON, e.g. a PDF download). */
export function toApiError(status: number, body: unknown): ApiError {
  const record = asRecord(body);
  const fields = Object.fromEntries(
    Object.entries(asRecord(record.fields)).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  return new ApiError(
    status,
    typeof record.code === 'string' ? record.code : null,
    typeof record.message === 'string' && record.message !== '' ? record.message : null,
    fields,
    record,
  );
}

/**
 * The one fetch wrapper: JSON in and out, the bearer token, the interface language. A 401 on a call
 * that carried a token means the session is over: the token is dropped and the guards send the
 * user to /signin.
 */
export async function api<T>(method: HttpMethod, path: string, body?: unknown): Promise<T> {
  const token = getToken();
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': currentLanguage(),
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'network_error', null);
  }

  const text = await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
  }
  if (!response.ok) {
    // Only the current token may end the session: a late answer for an older one must not.
    if (response.status === 401 && token && getToken() === token) signOutLocally();
    throw toApiError(response.status, parsed);
  }
  return parsed as T;
}

export const apiGet = <T>(path: string) => api<T>('GET', path);
