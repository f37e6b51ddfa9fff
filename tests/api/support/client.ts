import { afterAll, beforeAll } from 'vitest';
import { type NewUser, newUser, signUp } from '../../support/sign-up';
import { createTestApp, type TestApp, type TestAppOptions } from '../../support/test-app';

export interface CallOptions {
  body?: unknown;
  /** A raw body sent as is (for malformed JSON). */
  rawBody?: string;
  token?: string;
  lang?: string;
  ip?: string;
}

export interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  json: any;
}

/** Calls the app in-process the way the SPA does over HTTP. */
export function apiClient(t: TestApp) {
  return async function call(method: string, path: string, options: CallOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { 'x-test-ip': options.ip ?? '10.0.0.1' };
    if (options.body !== undefined || options.rawBody !== undefined)
      headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.lang) headers['accept-language'] = options.lang;
    const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const response = await t.app.request(path, { method, headers, body });
    const text = await response.text();
    return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : null };
  };
}

export type Call = ReturnType<typeof apiClient>;

export { newUser, uniqueEmail } from '../../support/sign-up';

/** The 6-digit code from the newest e-mail sent to `email`. */
export function codeFrom(t: TestApp, email: string): string {
  const text = t.mail.lastTo(email)?.text ?? '';
  const match = /\b(\d{6})\b/.exec(text);
  if (!match?.[1]) throw new Error(`no code mailed to ${email}`);
  return match[1];
}

/** Registers, verifies and signs in; returns the credentials and a session token. */
export async function signedInUser(t: TestApp, overrides: Partial<NewUser> = {}) {
  const call = apiClient(t);
  return signUp(
    {
      post: (path, body) => call('POST', path, { body }),
      code: async (email) => codeFrom(t, email),
    },
    newUser(overrides),
  );
}

/** One real app per test file, shared by its tests: `api.t` is the app, `api.call` the client. */
export function sharedTestApp(options: TestAppOptions = {}) {
  const api = {} as { t: TestApp; call: Call };
  beforeAll(async () => {
    api.t = await createTestApp(options);
    api.call = apiClient(api.t);
  });
  afterAll(() => api.t.close());
  return api;
}
