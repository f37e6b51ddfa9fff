import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { chats, integrations, messages } from '../../db/schema';
import { visitorRoom } from '../../functions/integrations/onchat/view';
import { hit } from '../../functions/services/auth/rate-limit';
import { issueVisitor, visitorToken } from '../../functions/services/widget/visitor-token';
import { WIDGET_LIMITS } from '../../functions/services/widget/widget-limits';
import type { WidgetVisitor } from '../../functions/shared/onchat';
import { apiClient, signedInUser } from './support/client';
import { createWorkingBot, engineTestApp, userTexts } from './support/engine';

const engine = engineTestApp();

const SHOP = 'https://shop.example.com';
const FOREIGN = 'https://evil.example.net';

interface WidgetCall {
  origin?: string | null;
  body?: unknown;
  rawBody?: string;
  ip?: string;
  lang?: string;
  headers?: Record<string, string>;
}

/** Calls a public widget endpoint the way a browser page on `origin` does. */
async function widget(method: string, path: string, options: WidgetCall = {}) {
  const headers: Record<string, string> = { 'x-test-ip': options.ip ?? '10.1.0.1', ...options.headers };
  const origin = options.origin === undefined ? SHOP : options.origin;
  if (origin !== null) headers.origin = origin;
  if (options.lang) headers['accept-language'] = options.lang;
  if (options.body !== undefined || options.rawBody !== undefined)
    headers['content-type'] = 'application/json';
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const response = await engine.t.app.request(`/api/widget/${path}`, { method, headers, body });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
  const json: any = text ? JSON.parse(text) : null;
  return { status: response.status, headers: response.headers, json };
}

/**
 * A visitor of widget `id` with its token, as GET /config issues one; minted here, since these tests
 * need more visitors than one address may get from the config endpoint.
 */
const newVisitor = (id: string) => issueVisitor(engine.t.settings.jwtSecret, id);
const newMessageId = () => crypto.randomUUID().replaceAll('-', '');

interface WidgetSetup {
  token: string;
  id: string;
  botId: string | null;
}

/** An owner with a connected widget and (unless `bot` is false) a working bot bound to it. */
async function ownerWithWidget(
  connectionData: Record<string, unknown> = { allowed_domains: ['shop.example.com'] },
  bot: Record<string, unknown> | false = { process_scheme: 'instant' },
  user: Record<string, unknown> = {},
): Promise<WidgetSetup> {
  const owner = await signedInUser(engine.t, user);
  const call = apiClient(engine.t);
  const created = await call('POST', '/api/integrations', {
    token: owner.token,
    body: { type: 'onchat', connection_data: connectionData },
  });
  if (created.status !== 201) throw new Error(`create widget: ${JSON.stringify(created.json)}`);
  const id = created.json.id as string;
  const connected = await call('POST', `/api/integrations/connect/${id}`, { token: owner.token });
  if (connected.status !== 200) throw new Error(`connect widget: ${JSON.stringify(connected.json)}`);
  const botId =
    bot === false
      ? null
      : await createWorkingBot(call, owner.token, { conditions: { channels: [id] }, ...bot });
  return { token: owner.token, id, botId };
}

const send = (
  id: string,
  visitor: WidgetVisitor,
  text: string,
  options: WidgetCall & { messageId?: string } = {},
) =>
  widget('POST', `${id}/messages`, {
    ...options,
    body: {
      visitor_id: visitor.id,
      visitor_token: visitor.token,
      message_id: options.messageId ?? newMessageId(),
      text,
    },
  });

const visitorQuery = (visitor: WidgetVisitor) => `visitor_id=${visitor.id}&visitor_token=${visitor.token}`;

const read = (id: string, visitor: WidgetVisitor, options: WidgetCall & { after?: string } = {}) =>
  widget(
    'GET',
    `${id}/messages?${visitorQuery(visitor)}${options.after ? `&after=${options.after}` : ''}`,
    options,
  );

/** Answers what earlier tests left waiting, so this test's model calls are its own. */
async function settle() {
  await engine.t.jobs.runDue();
  engine.fake.reset();
}

const storedFor = async (integrationId: string) => {
  const rows = await engine.t.db
    .select({ text: messages.text, author: messages.author, visitor: chats.externalId })
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.chatId))
    .where(eq(chats.integrationId, integrationId));
  return rows;
};

describe('widget: settings saved with the integration', () => {
  it('fills the defaults in the widget language and normalises the domains', async () => {
    const { id, token } = await ownerWithWidget(
      {
        color: '#3366FF',
        allowed_domains: [
          'https://Shop.Example.com:8443/catalog?x=1',
          '*.Example.org',
          'пример.рф',
          'shop.example.com',
        ],
      },
      false,
    );
    const saved = await apiClient(engine.t)('GET', `/api/integrations/${id}`, { token });
    expect(saved.json.connection_data).toMatchObject({
      color: '#3366ff',
      language: 'ru',
      welcome_enabled: true,
      welcome_text: 'Здравствуйте! Чем можем помочь?',
      title: 'Онлайн-чат',
      additional_title: '',
      show_online: true,
      allowed_domains: ['shop.example.com', '*.example.org', 'xn--e1afmkfd.xn--p1ai'],
    });

    const english = await ownerWithWidget({}, false, { language: 'en' });
    const inEnglish = await apiClient(engine.t)('GET', `/api/integrations/${english.id}`, {
      token: english.token,
    });
    expect(inEnglish.json.connection_data).toMatchObject({
      language: 'en',
      welcome_text: 'Hello! How can we help you?',
      allowed_domains: [],
    });
  });

  it('refuses a bad colour, a bad domain, an empty welcome and title with §5-style messages', async () => {
    const owner = await signedInUser(engine.t);
    const call = apiClient(engine.t);
    const bad = await call('POST', '/api/integrations', {
      token: owner.token,
      body: {
        type: 'onchat',
        connection_data: {
          color: 'red',
          allowed_domains: ['shop.example.com', 'not a domain!', 'https://'],
          welcome_enabled: true,
          welcome_text: '   ',
          title: '',
        },
      },
    });
    expect(bad.status).toBe(422);
    expect(bad.json).toMatchObject({
      code: 'validation_failed',
      message: 'Укажите цвет в формате #RRGGBB',
      fields: {
        'connection_data.color': 'Укажите цвет в формате #RRGGBB',
        'connection_data.allowed_domains.1':
          'Укажите домен сайта без http:// и пути, например shop.example.com',
        'connection_data.allowed_domains.2':
          'Укажите домен сайта без http:// и пути, например shop.example.com',
      },
    });
    const texts = await call('POST', '/api/integrations', {
      token: owner.token,
      body: { type: 'onchat', connection_data: { welcome_text: '  ', title: '' } },
    });
    expect(texts.json.fields).toEqual({
      'connection_data.welcome_text': 'Напишите приветствие или выключите его',
      'connection_data.title': 'Укажите заголовок чата',
    });

    // The same check guards PATCH; other types are not held to the widget's rules, only to their own fields.
    const { id } = (await call('POST', '/api/integrations', { token: owner.token, body: { type: 'onchat' } }))
      .json as { id: string };
    const patched = await call('PATCH', `/api/integrations/${id}`, {
      token: owner.token,
      body: { connection_data: { color: '#12345' } },
    });
    expect(patched.status).toBe(422);
    expect(patched.json.fields).toEqual({ 'connection_data.color': 'Укажите цвет в формате #RRGGBB' });
    const off = await call('PATCH', `/api/integrations/${id}`, {
      token: owner.token,
      body: { connection_data: { welcome_enabled: false, welcome_text: '' } },
    });
    expect(off.status).toBe(200);
    const other = await call('POST', '/api/integrations', {
      token: owner.token,
      body: { type: 'imot.io', connection_data: { color: 'red', api_key: 'amo-api-key-1234' } },
    });
    expect(other.status).toBe(201);
    expect(other.json.connection_data).toEqual({ api_key: '••••1234' });
  });
});

describe('widget: which widgets and sites are served', () => {
  it('answers the public settings to an allowed site, with CORS for that site only', async () => {
    const { id } = await ownerWithWidget({
      color: '#112233',
      language: 'en',
      title: 'Shop chat',
      additional_title: 'Sales team',
      subtitle: 'Ask us anything',
      show_online: false,
      welcome_text: 'Hi there!',
      allowed_domains: ['shop.example.com'],
    });
    const config = await widget('GET', `${id}/config`);
    expect(config.status).toBe(200);
    expect(config.json).toEqual({
      color: '#112233',
      language: 'en',
      welcome_enabled: true,
      welcome_text: 'Hi there!',
      title: 'Shop chat',
      additional_title: 'Sales team',
      subtitle: 'Ask us anything',
      show_online: false,
      visitor: {
        id: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      },
    });
    expect(config.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(config.headers.get('vary')).toContain('Origin');

    // www. and other schemes or ports of the same host are the same site.
    for (const origin of ['http://www.shop.example.com', 'https://shop.example.com:8443']) {
      const other = await widget('GET', `${id}/config`, { origin });
      expect(other.status).toBe(200);
      expect(other.headers.get('access-control-allow-origin')).toBe(origin);
    }
  });

  it('refuses a foreign site with 403, stores nothing, and lets only the refusal be read', async () => {
    const { id } = await ownerWithWidget();
    for (const origin of [
      FOREIGN,
      'https://evil-shop.example.com',
      'https://shop.example.com.evil.net',
      'null',
    ]) {
      const config = await widget('GET', `${id}/config`, { origin });
      expect(config.status).toBe(403);
      expect(config.json).toEqual({
        code: 'origin_not_allowed',
        message: 'Чат не работает на этом сайте: добавьте домен сайта в разрешённые в настройках онлайн-чата',
      });
      expect(config.headers.get('access-control-allow-origin')).toBe(origin);
    }
    const noOrigin = await widget('GET', `${id}/config`, { origin: null });
    expect(noOrigin.status).toBe(403);

    const visitor = await newVisitor(id);
    const posted = await send(id, visitor, 'Здравствуйте', { origin: FOREIGN, lang: 'en' });
    expect(posted.status).toBe(403);
    expect(posted.json.message).toBe(
      'The chat does not work on this site: add the site domain to the allowed domains in the online chat settings',
    );
    expect((await read(id, visitor, { origin: FOREIGN })).status).toBe(403);
    expect(await storedFor(id)).toEqual([]);
    const chatRows = await engine.t.db.select().from(chats).where(eq(chats.integrationId, id));
    expect(chatRows).toEqual([]);

    const preflight = await widget('OPTIONS', `${id}/messages`, {
      origin: FOREIGN,
      headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('allows every site when the list is empty, and subdomains with a *. entry', async () => {
    const open = await ownerWithWidget({ allowed_domains: [] });
    for (const origin of [FOREIGN, 'http://localhost:5173', null]) {
      const config = await widget('GET', `${open.id}/config`, { origin });
      expect(config.status).toBe(200);
      expect(config.headers.get('access-control-allow-origin')).toBe(origin);
    }
    expect((await send(open.id, await newVisitor(open.id), 'Привет', { origin: FOREIGN })).status).toBe(202);

    const wildcard = await ownerWithWidget({ allowed_domains: ['*.example.com'] });
    for (const origin of ['https://example.com', 'https://a.b.example.com', SHOP]) {
      expect((await widget('GET', `${wildcard.id}/config`, { origin })).status).toBe(200);
    }
    expect((await widget('GET', `${wildcard.id}/config`, { origin: 'https://badexample.com' })).status).toBe(
      403,
    );
  });

  it('answers the CORS preflight of an allowed site', async () => {
    const { id } = await ownerWithWidget();
    const preflight = await widget('OPTIONS', `${id}/messages`, {
      headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type');
  });

  it('answers 404 for an unknown, not connected, switched-off or non-widget integration', async () => {
    const { id, token } = await ownerWithWidget({ allowed_domains: [] });
    const call = apiClient(engine.t);
    const notConnected = await call('POST', '/api/integrations', { token, body: { type: 'onchat' } });
    const telegram = await call('POST', '/api/integrations', { token, body: { type: 'telegram' } });
    const ids = [crypto.randomUUID(), 'not-a-uuid', notConnected.json.id, telegram.json.id];
    for (const unknown of ids) {
      for (const [method, path] of [
        ['GET', `${unknown}/config`],
        ['GET', `${unknown}/messages?${visitorQuery(await newVisitor(unknown))}`],
      ] as const) {
        const answer = await widget(method, path);
        expect(answer.status).toBe(404);
        expect(answer.json).toEqual({ code: 'not_found', message: 'Чат недоступен' });
        expect(answer.headers.get('access-control-allow-origin')).toBe(SHOP);
      }
      expect((await send(unknown, await newVisitor(unknown), 'Привет')).status).toBe(404);
    }

    expect((await widget('GET', `${id}/config`)).status).toBe(200);
    await call('PATCH', `/api/integrations/${id}`, { token, body: { activated: false } });
    expect((await widget('GET', `${id}/config`)).status).toBe(404);
    expect((await send(id, await newVisitor(id), 'Привет')).status).toBe(404);
    await call('PATCH', `/api/integrations/${id}`, { token, body: { activated: true } });
    await call('POST', `/api/integrations/reset/${id}`, { token });
    expect((await widget('GET', `${id}/config`)).status).toBe(404);
    expect(await storedFor(id)).toEqual([]);
  });
});

describe('widget: the visitor dialogue', () => {
  it('validates the message and answers validation errors readable by the page', async () => {
    const { id } = await ownerWithWidget();
    const visitor = await newVisitor(id);
    const empty = await send(id, visitor, '   ');
    expect(empty.status).toBe(422);
    expect(empty.json.fields).toEqual({ text: 'Введите сообщение' });
    expect(empty.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect((await send(id, visitor, 'а'.repeat(2001))).json.fields).toEqual({
      text: 'Слишком длинное значение',
    });
    expect((await send(id, { ...visitor, id: 'short' }, 'Привет')).json.fields).toEqual({
      visitor_id: 'Некорректное значение',
    });
    const badId = await widget('POST', `${id}/messages`, {
      body: { visitor_id: visitor.id, visitor_token: visitor.token, message_id: 'system:1', text: 'Привет' },
    });
    expect(badId.json.fields).toEqual({ message_id: 'Некорректное значение' });
    const malformed = await widget('POST', `${id}/messages`, { rawBody: '{"visitor_id":' });
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect((await widget('GET', `${id}/messages`)).status).toBe(422);
    expect((await read(id, visitor, { after: 'nope' })).status).toBe(422);
    expect((await send(id, visitor, 'а'.repeat(2000))).status).toBe(202);
  });

  it('stores a retried message once, answers it, and shows only what the visitor may see', async () => {
    await settle();
    const { t, fake } = engine;
    const { id } = await ownerWithWidget();
    fake.queue({ kind: 'text', text: 'Здравствуйте! Доставка по городу бесплатная.' });
    const visitor = await newVisitor(id);
    const messageId = newMessageId();

    const first = await send(id, visitor, 'Есть доставка?', { messageId });
    expect(first.status).toBe(202);
    expect(first.json.message).toEqual({
      id: expect.any(String),
      author: 'customer',
      text: 'Есть доставка?',
      created_at: t.clock.now().toISOString(),
    });
    expect(first.json.answer_due_at).toBe(t.clock.now().toISOString());
    expect(first.json.room_url).toMatch(
      /^ws:\/\/127\.0\.0\.1:8787\/parties\/main\/visitor%3A[0-9a-f-]+\?token=/,
    );
    const retry = await send(id, visitor, 'Есть доставка?', { messageId });
    expect(retry.status).toBe(202);
    expect(retry.json.message.id).toBe(first.json.message.id);
    expect(await storedFor(id)).toHaveLength(1);

    const before = await read(id, visitor);
    expect(before.json.answer_due_at).toBe(first.json.answer_due_at);

    // The visitor's room hears the answer without its price.
    const [chat] = await t.db.select().from(chats).where(eq(chats.integrationId, id));
    if (!chat) throw new Error('no chat');
    const heard: unknown[] = [];
    const leave = t.rooms.join(visitorRoom(chat.id), { send: (data) => heard.push(JSON.parse(data)) });
    await t.jobs.runDue();
    leave();
    expect(fake.requests).toHaveLength(1);
    expect(userTexts(fake.bodies[0])).toEqual(['Есть доставка?']);

    // A system notice in the same chat (written by the team's tools) never reaches the visitor.
    await t.db.insert(messages).values({
      accountId: chat.accountId,
      chatId: chat.id,
      externalId: 'system:test',
      author: 'system',
      text: 'Бот не ответил: низкий баланс',
      createdAt: t.clock.now(),
      answeredAt: t.clock.now(),
    });

    const shown = await read(id, visitor);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(shown.json.answer_due_at).toBeNull();
    expect(shown.json.room_url).toMatch(/^ws:\/\//);
    expect(shown.json.messages.map((m: { author: string; text: string }) => [m.author, m.text])).toEqual([
      ['customer', 'Есть доставка?'],
      ['bot', 'Здравствуйте! Доставка по городу бесплатная.'],
    ]);
    for (const message of shown.json.messages) {
      expect(Object.keys(message).sort()).toEqual(['author', 'created_at', 'id', 'text']);
    }
    expect(heard).toEqual([{ type: 'message', message: shown.json.messages[1] }]);

    const after = await read(id, visitor, { after: first.json.message.id });
    expect(after.json.messages).toEqual([shown.json.messages[1]]);
    const nothingNew = await read(id, visitor, { after: shown.json.messages[1].id });
    expect(nothingNew.json.messages).toEqual([]);
  });

  it('answers a burst of messages once, after the accumulation wait', async () => {
    await settle();
    const { t, fake } = engine;
    const { id } = await ownerWithWidget(undefined, {
      process_scheme: 'accumulation',
      accumulation_messages_seconds: 30,
    });
    fake.queue({ kind: 'text', text: 'Да, завтра в 10:00 свободно.' });
    const visitor = await newVisitor(id);
    const first = await send(id, visitor, 'Здравствуйте');
    expect(first.json.answer_due_at).toBe(new Date(t.clock.now().getTime() + 30_000).toISOString());
    t.clock.advance(10_000);
    await send(id, visitor, 'Хочу записаться');
    t.clock.advance(10_000);
    const last = await send(id, visitor, 'На завтра утром');
    expect(last.json.answer_due_at).toBe(new Date(t.clock.now().getTime() + 30_000).toISOString());

    t.clock.advance(20_000);
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(0);
    expect((await read(id, visitor)).json.answer_due_at).toBe(last.json.answer_due_at);

    t.clock.advance(10_000);
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(1);
    expect(userTexts(fake.bodies[0])).toEqual(['Здравствуйте', 'Хочу записаться', 'На завтра утром']);
    const shown = await read(id, visitor);
    expect(shown.json.answer_due_at).toBeNull();
    expect(shown.json.messages.map((m: { author: string }) => m.author)).toEqual([
      'customer',
      'customer',
      'customer',
      'bot',
    ]);
  });

  it('tells the room that no answer is coming when a gate refuses, and shows no reason', async () => {
    await settle();
    const { t, fake } = engine;
    const { id, token, botId } = await ownerWithWidget();
    await apiClient(t)('PATCH', `/api/bot/${botId}`, { token, body: { is_work: false } });
    const visitor = await newVisitor(id);
    const heard: unknown[] = [];
    const first = await send(id, visitor, 'Есть кто?');
    expect(first.json.answer_due_at).toBeNull();
    const [chat] = await t.db.select().from(chats).where(eq(chats.integrationId, id));
    if (!chat) throw new Error('no chat');
    const leave = t.rooms.join(visitorRoom(chat.id), { send: (data) => heard.push(JSON.parse(data)) });
    await send(id, visitor, 'Ответьте');
    leave();
    expect(heard).toContainEqual({ type: 'idle' });
    const shown = await read(id, visitor);
    expect(shown.json.messages.map((m: { author: string }) => m.author)).toEqual(['customer', 'customer']);
    expect(shown.json.answer_due_at).toBeNull();
    expect(fake.requests).toHaveLength(0);
  });

  it('keeps visitors apart: another visitor id sees nothing of the first', async () => {
    const { t } = engine;
    const { id } = await ownerWithWidget();
    const anna = await newVisitor(id);
    await send(id, anna, 'Мой телефон +7 999 000-00-00');
    await t.jobs.runDue();
    const stranger = await read(id, await newVisitor(id));
    expect(stranger.status).toBe(200);
    expect(stranger.json).toEqual({ messages: [], answer_due_at: null, room_url: null });
    expect((await read(id, anna)).json.messages.length).toBeGreaterThan(0);

    // Anna's id without her token reads nothing, and neither does her token on another widget.
    for (const forged of [
      { ...anna, token: (await newVisitor(id)).token },
      { ...anna, token: `${anna.token.slice(0, -1)}${anna.token.endsWith('A') ? 'B' : 'A'}` },
    ]) {
      const refused = await read(id, forged);
      expect(refused.status).toBe(401);
      expect(refused.json).toEqual({
        code: 'unauthorized',
        message: 'Сессия чата устарела. Обновите страницу',
      });
      expect(refused.headers.get('access-control-allow-origin')).toBe(SHOP);
    }
    const missing = await widget('GET', `${id}/messages?visitor_id=${anna.id}`);
    expect(missing.status).toBe(401);
    const other = await ownerWithWidget();
    expect((await read(other.id, anna)).status).toBe(401);
    // The same visitor id on another widget (with that widget's token) is another dialogue.
    const sameIdThere = {
      id: anna.id,
      token: await visitorToken(engine.t.settings.jwtSecret, other.id, anna.id),
    };
    expect((await read(other.id, sameIdThere)).json.messages).toEqual([]);
  });

  it('drops U+0000 from a visitor message instead of losing the message, and refuses deep JSON', async () => {
    const { id } = await ownerWithWidget();
    const visitor = await newVisitor(id);
    const sent = await send(id, visitor, 'При\u0000вет\u0000');
    expect(sent.status).toBe(202);
    expect(sent.json.message.text).toBe('Привет');
    expect((await send(id, visitor, '\u0000')).json.fields).toEqual({ text: 'Введите сообщение' });
    const deep = await widget('POST', `${id}/messages`, {
      rawBody: `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
    });
    expect(deep.status).toBe(400);
    expect((await storedFor(id)).map((row) => row.text)).toEqual(['Привет']);
  });

  it('stores and returns markup as plain text', async () => {
    await settle();
    const { t, fake } = engine;
    const { id } = await ownerWithWidget();
    const markup = '<script>alert(1)</script><img src=x onerror="alert(2)">';
    fake.queue({ kind: 'text', text: 'Ответ с <b>разметкой</b>' });
    const visitor = await newVisitor(id);
    const sent = await send(id, visitor, markup);
    expect(sent.json.message.text).toBe(markup);
    await t.jobs.runDue();
    const texts = (await read(id, visitor)).json.messages.map((m: { text: string }) => m.text);
    expect(texts).toEqual([markup, 'Ответ с <b>разметкой</b>']);
    const stored = await t.db
      .select({ text: messages.text })
      .from(messages)
      .innerJoin(chats, eq(chats.id, messages.chatId))
      .where(and(eq(chats.integrationId, id), eq(messages.author, 'customer')));
    expect(stored).toEqual([{ text: markup }]);
  });

  it('shows operator messages and limits posting per visitor and per address', async () => {
    const { t } = engine;
    const { id, token } = await ownerWithWidget(undefined, { process_scheme: 'accumulation' });
    const visitor = await newVisitor(id);
    for (let i = 0; i < 20; i++) {
      expect((await send(id, visitor, `Сообщение ${i}`, { ip: '10.9.0.1' })).status).toBe(202);
    }
    const limited = await send(id, visitor, 'Ещё одно', { ip: '10.9.0.1' });
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe('rate_limited');
    expect(limited.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect(limited.headers.get('retry-after')).toBeTruthy();
    // Other visitors behind the same address still get through, up to the address limit.
    let status = 202;
    for (let i = 0; i < 45 && status === 202; i++)
      status = (await send(id, await newVisitor(id), 'Привет', { ip: '10.9.0.1' })).status;
    expect(status).toBe(429);
    t.clock.advance(61_000);
    expect((await send(id, visitor, 'Снова я', { ip: '10.9.0.1' })).status).toBe(202);

    const [chat] = await t.db
      .select()
      .from(chats)
      .where(and(eq(chats.integrationId, id), eq(chats.externalId, visitor.id)));
    if (!chat) throw new Error('no chat');
    const reply = await apiClient(t)('POST', `/api/chats/${chat.id}/messages`, {
      token,
      body: { text: 'Здравствуйте, это оператор Мария' },
    });
    expect(reply.status).toBeLessThan(300);
    const shown = await read(id, visitor, { ip: '10.9.0.2' });
    expect(shown.json.messages.at(-1)).toMatchObject({
      author: 'operator',
      text: 'Здравствуйте, это оператор Мария',
    });
  });
});

describe('widget: visitors are named by the server', () => {
  // A new hour: the owners signed up above used up the test address's sign-ups.
  beforeAll(() => engine.t.clock.advance(60 * 60 * 1000 + 1000));

  const config = (id: string, visitor?: Partial<WidgetVisitor>, ip = '10.5.0.1') => {
    const query = new URLSearchParams();
    if (visitor?.id) query.set('visitor_id', visitor.id);
    if (visitor?.token) query.set('visitor_token', visitor.token);
    return widget('GET', `${id}/config?${query}`, { ip });
  };

  it('issues a visitor with a token, keeps it while the token is valid, and replaces a forged one', async () => {
    const { id } = await ownerWithWidget();
    const first = await config(id);
    expect(first.status).toBe(200);
    const visitor = first.json.visitor as WidgetVisitor;
    expect((await config(id, visitor)).json.visitor).toEqual(visitor);

    // An id without its token, a forged token, or a token of another widget: a new visitor.
    const other = await ownerWithWidget();
    const elsewhere = (await config(other.id)).json.visitor as WidgetVisitor;
    for (const claimed of [
      { id: visitor.id },
      { id: visitor.id, token: 'A'.repeat(43) },
      { id: visitor.id, token: elsewhere.token },
      { id: elsewhere.id, token: elsewhere.token },
    ]) {
      const answer = await config(id, claimed);
      expect(answer.status).toBe(200);
      expect(answer.json.visitor.id).not.toBe(claimed.id);
      expect(answer.json.visitor.token).not.toBe(visitor.token);
    }

    // The issued visitor writes and reads its own dialogue.
    expect((await send(id, visitor, 'Здравствуйте')).status).toBe(202);
    expect((await read(id, visitor)).json.messages.map((m: { text: string }) => m.text)).toEqual([
      'Здравствуйте',
    ]);
  });

  it('refuses a message without a valid token with 401 and stores nothing', async () => {
    const { id } = await ownerWithWidget();
    const visitor = await newVisitor(id);
    const other = await ownerWithWidget();
    const cases: Record<string, unknown>[] = [
      { visitor_id: visitor.id },
      { visitor_id: visitor.id, visitor_token: 'A'.repeat(43) },
      { visitor_id: visitor.id, visitor_token: (await newVisitor(id)).token },
      {
        visitor_id: visitor.id,
        visitor_token: await visitorToken(engine.t.settings.jwtSecret, other.id, visitor.id),
      },
    ];
    for (const credentials of cases) {
      const answer = await widget('POST', `${id}/messages`, {
        body: { ...credentials, message_id: newMessageId(), text: 'Привет' },
        lang: 'en',
      });
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({
        code: 'unauthorized',
        message: 'The chat session has expired. Reload the page',
      });
      expect(answer.headers.get('access-control-allow-origin')).toBe(SHOP);
    }
    expect(await storedFor(id)).toEqual([]);
  });

  it('gives one address only 20 new visitors an hour, and rate-limits the config', async () => {
    const { id } = await ownerWithWidget();
    const issued = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const answer = await config(id, undefined, '10.6.0.1');
      expect(answer.status).toBe(200);
      issued.add(answer.json.visitor.id);
    }
    expect(issued.size).toBe(20);
    const limited = await config(id, undefined, '10.6.0.1');
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe('rate_limited');
    expect(limited.json.message).toMatch(/^Слишком много попыток\. Повторите через \d+ мин\.$/);
    expect(limited.headers.get('access-control-allow-origin')).toBe(SHOP);
    // A returning visitor from there still gets the widget, and so does a new one elsewhere.
    const returning = await newVisitor(id);
    expect((await config(id, returning, '10.6.0.1')).status).toBe(200);
    expect((await config(id, undefined, '10.6.0.2')).status).toBe(200);

    // Page loads of known visitors count too, at a higher limit.
    let status = 200;
    let loads = 0;
    while (status === 200 && loads < 200) {
      status = (await config(id, returning, '10.6.0.3')).status;
      loads++;
    }
    expect(status).toBe(429);
    expect(loads).toBe(121);

    engine.t.clock.advance(60 * 60 * 1000 + 1000);
    expect((await config(id, undefined, '10.6.0.1')).status).toBe(200);
  });

  it('caps the customer messages of a widget and of an account per hour', async () => {
    const { id, token } = await ownerWithWidget(undefined, { process_scheme: 'accumulation' });
    const [row] = await engine.t.db.select().from(integrations).where(eq(integrations.id, id));
    if (!row) throw new Error('no widget');
    const { kv } = engine.t.ports;
    // The hour's budget is used up by earlier messages (counted the way sending counts them).
    for (let i = 0; i < WIDGET_LIMITS.messagesPerWidget.max; i++)
      await hit(kv, WIDGET_LIMITS.messagesPerWidget, id);
    const refused = await send(id, await newVisitor(id), 'Привет', { ip: '10.7.0.1' });
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: 'rate_limited' });
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect(await storedFor(id)).toEqual([]);

    // Another widget of the same account still takes messages, until the account's cap.
    const call = apiClient(engine.t);
    const second = await call('POST', '/api/integrations', { token, body: { type: 'onchat' } });
    await call('POST', `/api/integrations/connect/${second.json.id}`, { token });
    const secondId = second.json.id as string;
    expect((await send(secondId, await newVisitor(secondId), 'Привет', { ip: '10.7.0.2' })).status).toBe(202);
    const accountLimit = WIDGET_LIMITS.messagesPerAccount;
    for (let i = 1; i < accountLimit.max; i++) await hit(kv, accountLimit, row.accountId);
    expect((await send(secondId, await newVisitor(secondId), 'Ещё', { ip: '10.7.0.3' })).status).toBe(429);

    engine.t.clock.advance(60 * 60 * 1000 + 1000);
    expect((await send(id, await newVisitor(id), 'Через час', { ip: '10.7.0.1' })).status).toBe(202);
  });
});
