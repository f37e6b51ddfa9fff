import type { Page } from 'playwright-core';
import type { LocalServer } from '../../support/local-server';
import { codeFromMail } from '../../support/mail-folder';
import { newUser, signUp } from '../../support/sign-up';

export interface Account {
  email: string;
  password: string;
  token: string;
}

async function call(server: LocalServer, method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      'accept-language': 'ru',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

/**
 * A confirmed account that has taken the onboarding tour (unless `tour` is false), made through the
 * API: tests of later screens start signed in instead of repeating the sign-up journey. `headers`
 * go with the sign-up (e.g. X-Forwarded-For behind a proxy: many sign-ups from one address are
 * rate limited).
 */
export async function readyAccount(
  server: LocalServer,
  name: string,
  { tour = true, headers = {} }: { tour?: boolean; headers?: Record<string, string> } = {},
): Promise<Account> {
  const { email, password, token } = await signUp(
    {
      post: async (path, body) => {
        const response = await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'accept-language': 'ru' },
          body: JSON.stringify(body),
        });
        return { status: response.status, json: await response.json() };
      },
      code: (address, since) => codeFromMail(server.dataDir, address, since),
    },
    newUser({ name, email: `${name}-${Date.now()}@example.com`, phone: '79991112233' }),
  );
  if (!tour) return { email, password, token };
  await call(
    server,
    'POST',
    '/api/helpers/tour',
    { fields: { usage_plan: 'sales', role: 'client', ai_experience: 'uses', sales_staff: '1-3' } },
    token,
  );
  // The walk over the main places that follows the questions is taken as skipped too.
  await call(server, 'POST', '/api/helpers/tour', { fields: { walk: 'skipped' } }, token);
  return { email, password, token };
}

/** Opens the app signed in as `account` (the token stored as after a sign-in). */
export async function signInWithToken(page: Page, account: Account, path: string): Promise<void> {
  await page.goto('/signin');
  await page.evaluate((token) => window.localStorage.setItem('token', token), account.token);
  await page.goto(path);
}

export const apiCall = call;

/** A switched-on bot that answers at once on the integration `channelId` (a widget, a messenger). */
export async function instantBotOn(
  server: LocalServer,
  account: Account,
  channelId: string,
  bot: { name: string; systemPrompt: string },
): Promise<string> {
  const { id } = (await call(
    server,
    'POST',
    '/api/bot',
    {
      name: bot.name,
      model: 'gpt-4o-mini',
      system_prompt: bot.systemPrompt,
      goal_prompt: 'Помочь клиенту',
      process_scheme: 'instant',
      conditions: { channels: [channelId] },
    },
    account.token,
  )) as { id: string };
  await call(server, 'PATCH', `/api/bot/${id}`, { is_work: true }, account.token);
  return id;
}
