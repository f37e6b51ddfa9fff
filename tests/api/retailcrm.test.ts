import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chats, integrations, messages as messageRows } from '../../db/schema';
import {
  holdMgStreams,
  mgStreamTargets,
  STREAM_SECRET_HEADER,
} from '../../functions/integrations/retailcrm/stream';
import { LocalStreams } from '../../functions/ports/streams-local';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { type FakeRetail, startFakeRetail } from '../fakes/retailcrm';
import { signedInUser } from './support/client';
import { createWorkingBot, fakeLlm, LLM_KEY } from './support/engine';
import { listeningTestApp } from './support/listening-app';

/**
 * RetailCRM (reference/crm.md §3) against its fake account: the marketplace's registration, the
 * connection that registers the module with a chat bot, the chat gateway's stream held open and
 * answered through the one webhook pipeline, managers stopping the bot, the actions on the
 * dialogue's order, the hand-over, the lists and the rate limit.
 */

const CONNECT_FAILED = 'Подключение не удалось, повторите попытку';
const SYSTEM_URL = 'https://shop.retailcrm.ru';
const MODULE_CODE = 'onchat-test';

let llm: FakeOpenAi;
let crm: FakeRetail;
let streams: LocalStreams | null = null;
/** Frames the held streams are handing to the app right now. */
let framesInFlight = 0;

const app = listeningTestApp(async () => {
  [llm, crm] = await Promise.all([startFakeOpenAi({ apiKey: LLM_KEY }), startFakeRetail()]);
  return {
    llm: fakeLlm(llm),
    settings: {
      apiRoots: { retailcrm: crm.url },
      oauthClients: { retailcrm: { id: MODULE_CODE, secret: crm.secret } },
    },
  };
});

afterAll(async () => {
  await Promise.all([llm?.close(), crm?.close()]);
});

beforeEach(() => llm.reset());
afterEach(() => {
  streams?.close();
  streams = null;
});

/**
 * The local shape's streams, forwarding into this app, as the chat-streams schedule holds them: only
 * the newest connection's bot token works (each registration issues a new one).
 */
async function holdStreams() {
  streams ??= new LocalStreams(async (path, init) => {
    framesInFlight += 1;
    try {
      return await fetch(`${app.origin}${path}`, init);
    } finally {
      framesInFlight -= 1;
    }
  });
  await holdMgStreams({ ...app.t.ports, streams }, app.t.settings);
  await vi.waitFor(() => expect(crm.streams).toBe(1), { timeout: 5000 });
}

async function addRetail(token: string, data: Record<string, unknown> = {}) {
  const created = await app.call('POST', '/api/integrations', {
    token,
    body: {
      type: 'retailcrm',
      connection_data: { system_url: SYSTEM_URL, api_key: crm.apiKey, token: crm.tokenFor(), ...data },
    },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return created.json.id as string;
}

async function connectedOwner(bot?: Record<string, unknown>) {
  const owner = await signedInUser(app.t);
  const integrationId = await addRetail(owner.token);
  const connected = await app.call('POST', `/api/integrations/connect/${integrationId}`, {
    token: owner.token,
  });
  expect(connected.status, JSON.stringify(connected.json)).toBe(200);
  const botId = bot
    ? await createWorkingBot(app.call, owner.token, {
        conditions: { channels: [integrationId] },
        process_scheme: 'instant',
        ...bot,
      })
    : null;
  return { owner, integrationId, botId, view: connected.json };
}

const chatOf = async (integrationId: string, chatId: number) => {
  const [row] = await app.t.db
    .select()
    .from(chats)
    .where(and(eq(chats.integrationId, integrationId), eq(chats.externalId, String(chatId))));
  return row;
};

/** Waits until the stream brought the chat's messages in, then lets the answers go out. */
async function answered(integrationId: string, chatId: number, messages: number) {
  await vi.waitFor(
    async () => {
      const chat = await chatOf(integrationId, chatId);
      const stored = chat
        ? await app.t.db.select().from(messageRows).where(eq(messageRows.chatId, chat.id))
        : [];
      expect(stored.length).toBeGreaterThanOrEqual(messages);
      // A frame's message is stored before its answer's job is queued: both are done when its POST returns.
      expect(framesInFlight).toBe(0);
    },
    { timeout: 5000 },
  );
  app.t.clock.advance(61_000);
  await app.t.jobs.runDue();
}

/** A customer's frame handed in again (a reconnected stream may repeat one). */
async function redeliver(integrationId: string, chatId: number, messageId: number, content: string) {
  const target = (await mgStreamTargets(app.t.ports, app.t.settings)).find(
    (one) => one.key === integrationId,
  );
  return fetch(`${app.origin}/api/webhooks/retailcrm/${integrationId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...target?.forwardHeaders },
    body: JSON.stringify({
      type: 'message_new',
      data: {
        message: { id: messageId, chat_id: chatId, type: 'text', content, from: { type: 'customer' } },
      },
    }),
  });
}

const sentTo = (chatId: number) => crm.sent.filter((one) => one.chat_id === chatId).map((one) => one.content);

describe('RetailCRM: the marketplace and connecting', () => {
  it('tells the marketplace its rights and registration address, and answers a signed triple with the confirmation link', async () => {
    const config = await fetch(`${app.origin}/api/webhooks/retailcrm/config`);
    expect(await config.json()).toMatchObject({
      scopes: expect.arrayContaining(['order_write', 'user_read', 'integration_write']),
      registerUrl: `${app.origin}/api/webhooks/retailcrm/register`,
    });
    const register = (fields: Record<string, string>) =>
      fetch(`${app.origin}/api/webhooks/retailcrm/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(
          Object.fromEntries(Object.entries(fields).map(([name, value]) => [`register[${name}]`, value])),
        ).toString(),
      });
    const good = await register({ apiKey: crm.apiKey, systemUrl: `${SYSTEM_URL}/`, token: crm.tokenFor() });
    expect(good.status).toBe(200);
    const body = (await good.json()) as { success: boolean; accountUrl: string };
    expect(body.success).toBe(true);
    const link = new URL(body.accountUrl);
    expect(link.pathname).toBe('/integrations/retailcrm');
    // The key and the token travel sealed: the link stays in the marketplace, histories and logs.
    expect([...link.searchParams.keys()].sort()).toEqual(['account', 'install']);
    expect(link.searchParams.get('account')).toBe('shop.retailcrm.ru');
    const ticket = link.searchParams.get('install') ?? '';
    for (const secret of [crm.apiKey, crm.tokenFor()]) {
      expect(body.accountUrl).not.toContain(secret);
      expect(Buffer.from(ticket, 'base64url').toString()).not.toContain(secret);
    }
    // The owner confirms with the ticket: the account is connected, the key kept sealed, the ticket spent.
    const owner = await signedInUser(app.t);
    const created = await app.call('POST', '/api/integrations', {
      token: owner.token,
      body: { type: 'retailcrm', connection_data: { install: ticket } },
    });
    const connected = await app.call('POST', `/api/integrations/connect/${created.json.id}`, {
      token: owner.token,
    });
    expect(connected.json).toMatchObject({
      connected: true,
      integration_account_id: 'shop.retailcrm.ru',
      connection_data: { system_url: SYSTEM_URL },
    });
    const [row] = await app.t.db.select().from(integrations).where(eq(integrations.id, created.json.id));
    expect(row?.connectionData).not.toHaveProperty('install');
    expect(JSON.stringify(row?.connectionData)).not.toContain(crm.apiKey);
    await app.call('DELETE', `/api/integrations/${created.json.id}`, { token: owner.token });
    // An altered ticket, and one a day old, connect nothing.
    for (const [wait, value] of [
      [0, `${ticket.slice(0, -4)}AAAA`],
      [24 * 3600_000 + 1000, ticket],
    ] as const) {
      app.t.clock.advance(wait);
      const made = await app.call('POST', '/api/integrations', {
        token: owner.token,
        body: { type: 'retailcrm', connection_data: { install: value } },
      });
      const refused = await app.call('POST', `/api/integrations/connect/${made.json.id}`, {
        token: owner.token,
      });
      expect([refused.status, refused.json.message]).toEqual([422, CONNECT_FAILED]);
    }
    const forged = await register({
      apiKey: crm.apiKey,
      systemUrl: SYSTEM_URL,
      token: crm.tokenFor(crm.apiKey, 'x'),
    });
    expect([forged.status, (await forged.json()).success]).toEqual([403, false]);
    for (const systemUrl of ['https://evil.example.com', 'http://shop.retailcrm.ru', '']) {
      const refused = await register({ apiKey: crm.apiKey, systemUrl, token: crm.tokenFor() });
      expect(refused.status, systemUrl).toBe(400);
    }
  });

  it('checks the token, registers the module with its chat bot, keeps the account and never answers the secrets', async () => {
    const { integrationId, view } = await connectedOwner();
    expect(view.connected).toBe(true);
    expect(view.integration_account_id).toBe('shop.retailcrm.ru');
    expect(view.connection_data).toMatchObject({
      system_url: SYSTEM_URL,
      site: 'shop-main',
      site_name: 'Интернет-магазин',
    });
    const text = JSON.stringify(view);
    for (const secret of [crm.apiKey, crm.tokenFor(), crm.botToken]) expect(text).not.toContain(secret);
    expect(crm.modules.get(MODULE_CODE)).toMatchObject({
      code: MODULE_CODE,
      active: true,
      clientId: integrationId,
      baseUrl: app.origin,
      integrations: { mgBot: {} },
    });
  });

  it('fails with the §8 text for a forged token, a foreign address, an account that cannot pay, and without the module', async () => {
    const owner = await signedInUser(app.t);
    const writes = crm.writes;
    for (const data of [
      { token: crm.tokenFor(crm.apiKey, 'another-secret') },
      { system_url: crm.url },
      { system_url: 'https://retailcrm.ru.evil.example' },
    ]) {
      const id = await addRetail(owner.token, data);
      const refused = await app.call('POST', `/api/integrations/connect/${id}`, { token: owner.token });
      expect([refused.status, refused.json.message]).toEqual([422, CONNECT_FAILED]);
    }
    // Nothing was sent anywhere with the key.
    expect(crm.writes).toBe(writes);

    const poor = await startFakeRetail({ apiKey: crm.apiKey, secret: crm.secret, lowBalance: true });
    app.t.settings.apiRoots = { retailcrm: poor.url };
    try {
      const id = await addRetail(owner.token);
      const refused = await app.call('POST', `/api/integrations/connect/${id}`, { token: owner.token });
      expect(refused.json.message).toBe(CONNECT_FAILED);
    } finally {
      app.t.settings.apiRoots = { retailcrm: crm.url };
      await poor.close();
    }
    const clients = app.t.settings.oauthClients;
    app.t.settings.oauthClients = {};
    try {
      const id = await addRetail(owner.token);
      const refused = await app.call('POST', `/api/integrations/connect/${id}`, { token: owner.token });
      expect(refused.json.message).toBe(CONNECT_FAILED);
      const view = await app.call('GET', `/api/integrations/${id}`, { token: owner.token });
      expect(view.json.configured).toBe(false);
    } finally {
      app.t.settings.oauthClients = clients;
    }
  });
});

describe('RetailCRM: answering in its chats', () => {
  it('answers a customer once through the held stream, ignoring its own echo and a redelivered frame', async () => {
    const c = await connectedOwner({});
    await holdStreams();
    llm.queue({ kind: 'text', text: 'Здравствуйте, Анна! Чем помочь?' });
    const messageId = crm.customerWrites(31, 'Здравствуйте');
    await answered(c.integrationId, 31, 1);
    expect(sentTo(31)).toEqual(['Здравствуйте, Анна! Чем помочь?']);
    // The same frame again, as after a reconnection: stored once, answered once.
    const again = await redeliver(c.integrationId, 31, messageId, 'Здравствуйте');
    expect(again.status).toBe(200);
    app.t.clock.advance(61_000);
    await app.t.jobs.runDue();
    expect(sentTo(31)).toHaveLength(1);
    expect(llm.requests).toHaveLength(1);
    expect(await chatOf(c.integrationId, 31)).toMatchObject({
      customerName: 'Анна Смирнова',
      customerPhone: '+79990001122',
    });
  });

  it('stops when a manager writes publicly, not for a private note, and keeps quiet after', async () => {
    const c = await connectedOwner({});
    await holdStreams();
    crm.managerWrites(41, 'Коллеги, это постоянный клиент', 'private');
    crm.customerWrites(41, 'Добрый день');
    llm.queue({ kind: 'text', text: 'Добрый день!' });
    await answered(c.integrationId, 41, 1);
    expect(sentTo(41)).toEqual(['Добрый день!']);
    crm.managerWrites(41, 'Анна, я Ольга, помогу вам');
    await vi.waitFor(async () => expect((await chatOf(c.integrationId, 41))?.state).not.toBe('active'), {
      timeout: 5000,
    });
    crm.customerWrites(41, 'Спасибо, Ольга');
    await answered(c.integrationId, 41, 4);
    expect(sentTo(41)).toEqual(['Добрый день!']);
    expect(llm.requests).toHaveLength(1);
  });

  it('refuses a frame without the stream secret (401) and for an unknown integration (404), and reopens a dropped stream', async () => {
    const c = await connectedOwner({});
    const frame = JSON.stringify({ type: 'message_new', data: { message: { id: 1, chat_id: 1 } } });
    const post = (id: string, secret: string) =>
      fetch(`${app.origin}/api/webhooks/retailcrm/${id}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [STREAM_SECRET_HEADER]: secret },
        body: frame,
      });
    expect((await post(c.integrationId, 'forged')).status).toBe(401);
    expect((await post('00000000-0000-4000-8000-000000000000', 'forged')).status).toBe(404);
    await holdStreams();
    // The gateway restarts: the next run of the schedule opens the stream again.
    crm.dropStreams();
    await vi.waitFor(() => expect(crm.streams).toBe(0), { timeout: 5000 });
    await holdStreams();
    // The integration deleted: the next frame is refused (404) and the stream lets go of itself.
    const removed = await app.call('DELETE', `/api/integrations/${c.integrationId}?confirm=true`, {
      token: c.owner.token,
    });
    expect(removed.status, JSON.stringify(removed.json)).toBeLessThan(300);
    crm.customerWrites(71, 'Есть кто?');
    await vi.waitFor(() => expect(streams?.keys()).not.toContain(c.integrationId), { timeout: 5000 });
    expect(crm.streams).toBe(0);
    expect(crm.sent.filter((one) => one.chat_id === 71)).toEqual([]);
  });
});

describe('RetailCRM: the bot acts on the order', () => {
  it("sets the order's status, a list field, the customer's field and one task, also when the frame is redelivered", async () => {
    const c = await connectedOwner();
    const action = (type: string, settings: Record<string, unknown>) => ({
      name: type,
      description: `Действие ${type}`,
      goal_prompt: 'Когда нужно',
      type,
      settings: { integration_id: c.integrationId, ...settings },
    });
    await createWorkingBot(app.call, c.owner.token, {
      conditions: { channels: [c.integrationId] },
      process_scheme: 'instant',
      actions_enable: true,
      actions: [
        action('change_deal_status', { pipeline_id: 'approval', status_id: 'client-confirmed' }),
        action('change_lead_field', { field: 'customFields.service', value: 'окрашивание' }),
        action('change_contact_field', { field: 'customFields.vip', value: 'да' }),
        action('set_task', { task_type: '1', text: 'Перезвонить клиенту', deadline_minutes: 30 }),
      ],
    });
    await holdStreams();
    llm.queue(
      {
        kind: 'tool_calls',
        calls: [
          { name: 'change_deal_status_1', arguments: {} },
          { name: 'change_lead_field_2', arguments: {} },
          { name: 'change_contact_field_3', arguments: {} },
          { name: 'set_task_4', arguments: { details: 'Удобно после 18:00' } },
        ],
      },
      { kind: 'text', text: 'Записала на окрашивание, менеджер перезвонит' },
    );
    const tasksBefore = crm.tasks.size;
    const messageId = crm.customerWrites(51, 'Запишите на окрашивание и перезвоните');
    await answered(c.integrationId, 51, 1);
    expect((await redeliver(c.integrationId, 51, messageId, 'Запишите на окрашивание')).status).toBe(200);
    app.t.clock.advance(61_000);
    await app.t.jobs.runDue();
    const chat = await chatOf(c.integrationId, 51);
    const order = crm.orders.get(Number(chat?.channelRefs.lead_id));
    expect(order).toMatchObject({
      status: 'client-confirmed',
      site: 'shop-main',
      firstName: 'Анна Смирнова',
      phone: '+79990001122',
      customFields: { service: 'coloring' },
    });
    expect(crm.customers.get(order?.customer.id ?? 0)).toMatchObject({ customFields: { vip: true } });
    const tasks = [...crm.tasks.values()].slice(tasksBefore);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ text: 'Перезвонить клиенту\nУдобно после 18:00', performerId: 7 });
    expect(tasks[0]?.datetime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(sentTo(51)).toEqual(['Записала на окрашивание, менеджер перезвонит']);
    expect(crm.orders.size).toBeGreaterThan(0);
  });

  it('hands a stopped dialogue back to the operators, with the stop task and the summary noted on the customer', async () => {
    const c = await connectedOwner({
      stop_task: 'Связаться с клиентом: бот остановился',
      info_transfer: { send_summary: true, send_variables: false },
      stop_logic: {
        automatic_stop: true,
        bot_stop_period: 'forever',
        interruption_cases: ['просит человека'],
      },
    });
    await holdStreams();
    const [tasksBefore, notesBefore] = [crm.tasks.size, crm.notes.length];
    llm.queue({
      kind: 'tool_calls',
      calls: [
        {
          name: 'stop_dialog',
          arguments: { reason: 'просит человека', summary: 'Хочет записаться на стрижку.' },
        },
      ],
    });
    crm.customerWrites(61, 'Позовите человека');
    await answered(c.integrationId, 61, 1);
    expect(crm.unassigned).toContain(610);
    expect([...crm.tasks.values()].slice(tasksBefore)).toEqual([
      expect.objectContaining({ text: 'Связаться с клиентом: бот остановился' }),
    ]);
    const notes = crm.notes.slice(notesBefore);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.text).toContain('Хочет записаться на стрижку.');
  });
});

describe('RetailCRM: lists and limits', () => {
  it('lists status groups with their statuses, fields with options, staff; explains missing rights; another account gets 404', async () => {
    const c = await connectedOwner();
    const get = (path: string, token = c.owner.token) => app.call('GET', path, { token });
    const pipelines = (await get(`/api/integrations/${c.integrationId}/crm/pipelines`)).json.pipelines;
    expect(
      pipelines.map((one: { id: string; _embedded: { statuses: { id: string }[] } }) => [
        one.id,
        one._embedded.statuses.map((status) => status.id),
      ]),
    ).toEqual([
      ['new', ['new']],
      ['approval', ['client-confirmed', 'availability-confirmed']],
    ]);
    const fields = (await get(`/api/integrations/${c.integrationId}/crm/fields?entity=lead`)).json.fields;
    expect(fields).toContainEqual({
      id: 'customFields.service',
      name: 'Услуга',
      type: 'select',
      options: [
        { id: 'haircut', value: 'Стрижка' },
        { id: 'coloring', value: 'Окрашивание' },
      ],
    });
    const contact = (await get(`/api/integrations/${c.integrationId}/crm/fields?entity=contact`)).json.fields;
    expect(contact.map((one: { id: string }) => one.id)).toContain('customFields.vip');
    const staff = await get(`/api/private/integrations/retailcrm/staff?integration_id=${c.integrationId}`);
    expect(staff.json.staff).toEqual([{ id: '7', name: 'Ольга Менеджер', email: 'olga@shop.test' }]);
    const other = await signedInUser(app.t);
    expect((await get(`/api/integrations/${c.integrationId}/crm/pipelines`, other.token)).status).toBe(404);

    const limited = await startFakeRetail({ apiKey: crm.apiKey, secret: crm.secret, usersForbidden: true });
    app.t.settings.apiRoots = { retailcrm: limited.url };
    try {
      const refused = await get(
        `/api/private/integrations/retailcrm/staff?integration_id=${c.integrationId}`,
      );
      expect(refused.status).toBe(403);
    } finally {
      app.t.settings.apiRoots = { retailcrm: crm.url };
      await limited.close();
    }
  });

  it('waits out 503s (nothing done) and repeats the call', async () => {
    const c = await connectedOwner();
    crm.setRateLimited(2);
    const pipelines = await app.call('GET', `/api/integrations/${c.integrationId}/crm/pipelines`, {
      token: c.owner.token,
    });
    expect(pipelines.status).toBe(200);
    expect(pipelines.json.pipelines).toHaveLength(2);
  });
});
