import { count, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiKeys, bots, chats, integrations, messages } from '../../db/schema';
import { createApp } from '../../functions/app';
import type { AppEnv } from '../../functions/http/env';
import { type Call, newUser, signedInUser } from './support/client';
import { createWorkingBot, dialogue, engineTestApp, say } from './support/engine';

const engine = engineTestApp();

const NUL = '\u0000';
/** Nested far deeper than any body of ours, yet well inside the 64 KiB body limit. */
const DEEP_ARRAY = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
const DEEP_OBJECT = `${'{"a":'.repeat(6_000)}1${'}'.repeat(6_000)}`;
/** Every item a wrong type: the answer must stay small and name only the first few. */
const HUGE_ARRAY = `[${Array.from({ length: 20_000 }, () => '0').join(',')}]`;

interface Probe {
  method: string;
  path: string;
  body?: unknown;
  rawBody?: string;
}

/** A request that must be refused with a 4xx (never a 5xx) and a readable error. */
async function refused(call: Call, token: string, probe: Probe) {
  const answer = await call(probe.method, probe.path, { token, body: probe.body, rawBody: probe.rawBody });
  const label = `${probe.method} ${probe.path} ${(probe.rawBody ?? JSON.stringify(probe.body) ?? '').slice(0, 60)}`;
  expect(answer.status, label).toBeGreaterThanOrEqual(400);
  expect(answer.status, label).toBeLessThan(500);
  expect(typeof answer.json?.message, label).toBe('string');
  expect(JSON.stringify(answer.json).length, label).toBeLessThan(10_000);
  return answer;
}

/** The same request with each kind of bad input spliced into a JSON body. */
function badBodies(method: string, path: string, valid: (text: string) => unknown): Probe[] {
  return [
    { method, path, body: valid(`a${NUL}b`) },
    { method, path, body: valid(NUL) },
    { method, path, rawBody: DEEP_ARRAY },
    { method, path, rawBody: DEEP_OBJECT },
    { method, path, rawBody: HUGE_ARRAY },
    { method, path, rawBody: JSON.stringify(valid('x')).replace(/^\{/, `{"k${NUL}":1,`) },
    { method, path, rawBody: `{"nested":${DEEP_ARRAY}}` },
    { method, path, rawBody: `{"nested":${HUGE_ARRAY}}` },
  ];
}

async function counts(accountId: string) {
  const { db } = engine.t;
  const n = async (table: typeof bots | typeof integrations | typeof apiKeys | typeof chats) =>
    (await db.select({ n: count() }).from(table).where(eq(table.accountId, accountId)))[0]?.n;
  return {
    bots: await n(bots),
    integrations: await n(integrations),
    keys: await n(apiKeys),
    chats: await n(chats),
  };
}

describe('bad input never answers 5xx', () => {
  it('refuses U+0000, absurd nesting and huge lists on every kind of route, and changes nothing', async () => {
    const { t, call } = engine;
    const owner = await signedInUser(t);
    const botId = await createWorkingBot(call, owner.token, { process_scheme: 'instant' });
    engine.fake.queue({ kind: 'text', text: 'Здравствуйте!' });
    await say(call, owner.token, botId, 'Привет');
    await t.jobs.runDue();
    const chatId = (await dialogue(call, owner.token, botId)).chat_id as string;
    const integration = await call('POST', '/api/integrations', {
      token: owner.token,
      body: { type: 'amocrm', connection_data: { domain: 'shop' } },
    });
    const key = await call('POST', '/api/keys', { token: owner.token, body: { comment: 'ci' } });
    const profileBefore = (await call('GET', '/api/profile', { token: owner.token })).json;
    const botBefore = (await call('GET', `/api/bot/${botId}`, { token: owner.token })).json;
    const integrationBefore = (
      await call('GET', `/api/integrations/${integration.json.id}`, { token: owner.token })
    ).json;
    const accountId = (await t.db.select({ id: chats.accountId }).from(chats).where(eq(chats.id, chatId)))[0]
      ?.id;
    if (!accountId) throw new Error('no account');
    const before = await counts(accountId);
    const messagesBefore = await t.db
      .select({ n: count() })
      .from(messages)
      .where(eq(messages.chatId, chatId));

    const probes: Probe[] = [
      ...badBodies('POST', '/api/register', (text) => newUser({ name: text })),
      ...badBodies('POST', '/api/login', (text) => ({ email: owner.email, password: text })),
      ...badBodies('POST', '/api/profile', (text) => ({ name: text })),
      ...badBodies('POST', '/api/profile/tg', (text) => ({ contacts: [text] })),
      ...badBodies('POST', '/api/change_password', (text) => ({
        new_password: `secret-${text}`,
        new_password_confirmation: `secret-${text}`,
      })),
      ...badBodies('POST', '/api/bot', (text) => ({ name: text, system_prompt: text })),
      ...badBodies('PUT', `/api/bot/${botId}`, (text) => ({
        actions: [
          { name: text, type: 'webhook', settings: { url: 'https://example.com', body_template: text } },
        ],
      })),
      ...badBodies('POST', '/api/check/messages', (text) => ({ bot_id: botId, text })),
      ...badBodies('POST', `/api/chats/${chatId}/messages`, (text) => ({ text })),
      ...badBodies('POST', '/api/chats/bulk', (text) => ({ ids: [text], action: 'stop' })),
      ...badBodies('POST', '/api/integrations', (text) => ({
        type: 'amocrm',
        connection_data: { domain: text, [`key${text}`]: 1 },
      })),
      ...badBodies('PATCH', `/api/integrations/${integration.json.id}`, (text) => ({
        connection_data: { nested: { deeper: [text] } },
      })),
      ...badBodies('POST', '/api/keys', (text) => ({ comment: text })),
      ...badBodies('PATCH', `/api/keys/${key.json.id}`, (text) => ({ comment: text })),
      { method: 'POST', path: '/api/bot', rawBody: '[]' },
      { method: 'POST', path: '/api/integrations', rawBody: '"amocrm"' },
      { method: 'GET', path: '/api/chats?search=a%00b' },
      { method: 'GET', path: `/api/chats?search=${'x&search='.repeat(1500)}` },
      { method: 'GET', path: '/api/history?from=%00' },
      { method: 'GET', path: '/api/check/messages?bot_id=%00' },
      { method: 'GET', path: '/api/bots/templates?lang=%00' },
      { method: 'GET', path: '/api/bot/%00' },
      { method: 'GET', path: '/api/chats/%00' },
      { method: 'GET', path: '/api/integrations/%00' },
      { method: 'PATCH', path: '/api/keys/%00', body: { comment: 'x' } },
      { method: 'DELETE', path: '/api/bot/a%00b' },
      { method: 'GET', path: '/api/widget/%00/config' },
      { method: 'POST', path: '/api/webhooks/telegram/%00', body: { update_id: 1 } },
    ];
    for (const probe of probes) await refused(call, owner.token, probe);

    // A NUL names the field it is in, like any other invalid value.
    const named = await call('POST', '/api/profile', { token: owner.token, body: { name: `Анна${NUL}` } });
    expect(named.status).toBe(422);
    expect(named.json).toMatchObject({
      code: 'validation_failed',
      fields: { name: 'Некорректное значение' },
    });
    const huge = await call('POST', '/api/profile/tg', {
      token: owner.token,
      rawBody: `{"contacts":${HUGE_ARRAY}}`,
    });
    expect(huge.status).toBe(422);
    const deep = await call('POST', '/api/bot', { token: owner.token, rawBody: DEEP_ARRAY });
    expect(deep.json.code).toBe('bad_request');

    expect((await call('GET', '/api/profile', { token: owner.token })).json).toEqual(profileBefore);
    expect((await call('GET', `/api/bot/${botId}`, { token: owner.token })).json).toEqual(botBefore);
    expect(
      (await call('GET', `/api/integrations/${integration.json.id}`, { token: owner.token })).json,
    ).toEqual(integrationBefore);
    expect(await counts(accountId)).toEqual(before);
    expect(await t.db.select({ n: count() }).from(messages).where(eq(messages.chatId, chatId))).toEqual(
      messagesBefore,
    );
    // The password was not changed by any of the attempts.
    const login = await call('POST', '/api/login', {
      body: { email: owner.email, password: owner.password },
    });
    expect(login.status).toBe(200);
  });

  it('fills variables named like Object.prototype members from the chat only', async () => {
    const { t, call, fake } = engine;
    const owner = await signedInUser(t);
    const botId = await createWorkingBot(call, owner.token, {
      process_scheme: 'instant',
      system_prompt: 'Ты консультант. [{{constructor}}][{{toString}}][{{hasOwnProperty}}]',
      goal_prompt: 'Цель {{valueOf}}',
      // Declared (so the bot can work) but never filled: the chat has no value for them.
      custom_variables: ['constructor', 'toString', 'hasOwnProperty', 'valueOf'].map((name) => ({
        name,
        description: 'Не заполняется',
      })),
    });
    fake.queue({ kind: 'text', text: 'Здравствуйте!' });
    await say(call, owner.token, botId, 'Привет');
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(1);
    const system = String((fake.bodies[0]?.messages as { content: unknown }[] | undefined)?.[0]?.content);
    expect(system).toContain('[][][]');
    expect(system).not.toContain('function');
    expect(system).not.toContain('[object Object]');
    const shown = await dialogue(call, owner.token, botId);
    expect(shown.messages.map((m: { author: string }) => m.author)).toEqual(['customer', 'bot']);
  });
});

describe('error logs', () => {
  afterEach(() => vi.restoreAllMocks());

  it('never contain the bound parameters of a failed query', async () => {
    const { t } = engine;
    const app = createApp(t.ports, t.settings, {
      extraRoutes: new Hono<AppEnv>().get('/failing-query', async (c) => {
        await c.var.ports.db.execute(sql`select ${`top-secret-value${NUL}`}::text as x`);
        return c.json({});
      }),
    });
    const logged: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(
        args
          .map((arg) => (arg instanceof Error ? `${arg.stack} ${String(arg.cause)}` : String(arg)))
          .join(' '),
      );
    });
    const answer = await app.request('/api/failing-query');
    expect(answer.status).toBe(500);
    expect(await answer.json()).toEqual({ message: 'Произошла неизвестная ошибка', code: 'internal_error' });
    expect(logged.join('\n')).toContain('select $1::text');
    expect(logged.join('\n')).not.toContain('top-secret-value');
  });
});
