import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { signUp, newUser as signUpUser, uniqueEmail } from '../../support/sign-up';

export interface Answer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  json: T;
}

/** Calls the deployed shape's API through the Worker (static-assets router included), as a browser would. */
export async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  options: { body?: unknown; token?: string; ip?: string } = {},
): Promise<Answer<T>> {
  const headers = new Headers({ 'cf-connecting-ip': options.ip ?? '203.0.113.1' });
  if (options.body !== undefined) headers.set('content-type', 'application/json');
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  const response = await SELF.fetch(`${env.PUBLIC_URL}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, json: text ? JSON.parse(text) : null };
}

export { uniqueEmail };

/** A Worker test's user (English, rub); `email` unique unless given. */
export const newUser = (email = uniqueEmail('worker')) =>
  signUpUser({ name: 'Worker Test', email, language: 'en' });

interface FakeMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

/** What the fake mail API received for `to`, read over its HTTP interface. */
export async function mailTo(to: string): Promise<FakeMail[]> {
  const url = new URL(env.MAIL_API_URL);
  url.pathname = '/messages';
  url.searchParams.set('to', to);
  const response = await fetch(url);
  const { messages } = await response.json<{ messages: FakeMail[] }>();
  return messages;
}

/** The six-digit code in the newest message to `to`. */
export async function codeMailedTo(to: string): Promise<string> {
  const text = (await mailTo(to)).at(-1)?.text ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/** A new confirmed account, signed in through the Worker: its session token. */
export async function signedIn(): Promise<string> {
  const account = await signUp(
    { post: (path, body) => call('POST', path, { body }), code: (email) => codeMailedTo(email) },
    newUser(),
  );
  return account.token;
}
