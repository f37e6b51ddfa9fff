import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chats, messages } from '../../db/schema';
import { visitorRoom } from '../../functions/channels/onchat-view';
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

let visitorCounter = 0;
/** A visitor id as the widget makes one: random, 22+ characters of [A-Za-z0-9_-]. */
const newVisitor = () => `visitor_${++visitorCounter}_${crypto.randomUUID().replaceAll('-', '')}`;
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

const send = (id: string, visitor: string, text: string, options: WidgetCall & { messageId?: string } = {}) =>
  widget('POST', `${id}/messages`, {
    ...options,
    body: { visitor_id: visitor, message_id: options.messageId ?? newMessageId(), text },
  });

const read = (id: string, visitor: string, options: WidgetCall & { after?: string } = {}) =>
  widget(
    'GET',
    `${id}/messages?visitor_id=${visitor}${options.after ? `&after=${options.after}` : ''}`,
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

    // The same check guards PATCH; other types keep their connection_data as sent.
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
      body: { type: 'amocrm', connection_data: { color: 'red' } },
    });
    expect(other.json.connection_data).toEqual({ color: 'red' });
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

    const visitor = newVisitor();
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
    expect((await send(open.id, newVisitor(), 'Привет', { origin: FOREIGN })).status).toBe(202);

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
        ['GET', `${unknown}/messages?visitor_id=${newVisitor()}`],
      ] as const) {
        const answer = await widget(method, path);
        expect(answer.status).toBe(404);
        expect(answer.json).toEqual({ code: 'not_found', message: 'Чат недоступен' });
        expect(answer.headers.get('access-control-allow-origin')).toBe(SHOP);
      }
      expect((await send(unknown, newVisitor(), 'Привет')).status).toBe(404);
    }

    expect((await widget('GET', `${id}/config`)).status).toBe(200);
    await call('PATCH', `/api/integrations/${id}`, { token, body: { activated: false } });
    expect((await widget('GET', `${id}/config`)).status).toBe(404);
    expect((await send(id, newVisitor(), 'Привет')).status).toBe(404);
    await call('PATCH', `/api/integrations/${id}`, { token, body: { activated: true } });
    await call('POST', `/api/integrations/reset/${id}`, { token });
    expect((await widget('GET', `${id}/config`)).status).toBe(404);
    expect(await storedFor(id)).toEqual([]);
  });
});

describe('widget: the visitor dialogue', () => {
  it('validates the message and answers validation errors readable by the page', async () => {
    const { id } = await ownerWithWidget();
    const visitor = newVisitor();
    const empty = await send(id, visitor, '   ');
    expect(empty.status).toBe(422);
    expect(empty.json.fields).toEqual({ text: 'Введите сообщение' });
    expect(empty.headers.get('access-control-allow-origin')).toBe(SHOP);
    expect((await send(id, visitor, 'а'.repeat(2001))).json.fields).toEqual({
      text: 'Слишком длинное значение',
    });
    expect((await send(id, 'short', 'Привет')).json.fields).toEqual({ visitor_id: 'Некорректное значение' });
    const badId = await widget('POST', `${id}/messages`, {
      body: { visitor_id: visitor, message_id: 'system:1', text: 'Привет' },
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
    const visitor = newVisitor();
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
    const visitor = newVisitor();
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
    const visitor = newVisitor();
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
    const anna = newVisitor();
    await send(id, anna, 'Мой телефон +7 999 000-00-00');
    await t.jobs.runDue();
    const stranger = await read(id, newVisitor());
    expect(stranger.status).toBe(200);
    expect(stranger.json).toEqual({ messages: [], answer_due_at: null, room_url: null });
    expect((await read(id, anna)).json.messages.length).toBeGreaterThan(0);

    // The same visitor id on another widget is another dialogue.
    const other = await ownerWithWidget();
    expect((await read(other.id, anna)).json.messages).toEqual([]);
  });

  it('stores and returns markup as plain text', async () => {
    await settle();
    const { t, fake } = engine;
    const { id } = await ownerWithWidget();
    const markup = '<script>alert(1)</script><img src=x onerror="alert(2)">';
    fake.queue({ kind: 'text', text: 'Ответ с <b>разметкой</b>' });
    const visitor = newVisitor();
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
    const visitor = newVisitor();
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
      status = (await send(id, newVisitor(), 'Привет', { ip: '10.9.0.1' })).status;
    expect(status).toBe(429);
    t.clock.advance(61_000);
    expect((await send(id, visitor, 'Снова я', { ip: '10.9.0.1' })).status).toBe(202);

    const [chat] = await t.db
      .select()
      .from(chats)
      .where(and(eq(chats.integrationId, id), eq(chats.externalId, visitor)));
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
