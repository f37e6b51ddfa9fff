import { and, eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { chats, integrations } from '../../db/schema';
import { type FakeBitrix, phpForm, startFakeBitrix } from '../fakes/bitrix';
import { SERVICE_FIELD } from '../fakes/bitrix-data';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { bitrixInstall } from './support/bitrix';
import { signedInUser } from './support/client';
import { createWorkingBot, fakeLlm, LLM_KEY } from './support/engine';
import { listeningTestApp } from './support/listening-app';

/**
 * Bitrix24 (reference/crm.md §2) against its fake portal: the install page and its ticket, the
 * connection that spends it, the Open Lines bot answering customers and stopping for operators, the
 * actions on the chat's deal, the hand-over to an operator, the lists, tokens and the rate limit.
 */

const CONNECT_FAILED = 'Подключение не удалось, повторите попытку';

let llm: FakeOpenAi;
let portal: FakeBitrix;

const app = listeningTestApp(async () => {
  [llm, portal] = await Promise.all([startFakeOpenAi({ apiKey: LLM_KEY }), startFakeBitrix()]);
  return {
    llm: fakeLlm(llm),
    settings: {
      apiRoots: { bitrix: portal.url },
      oauthClients: { bitrix: { id: portal.clientId, secret: portal.clientSecret } },
    },
  };
});

afterAll(async () => {
  await Promise.all([llm?.close(), portal?.close()]);
});

beforeEach(() => {
  llm.reset();
  portal.setBucket({ limit: 1000, drainPerSecond: 1000 });
  // Each test's owner registers a bot of its own: the portal sends events to every registered bot.
  portal.bots.clear();
});

/** Bitrix24 POSTs the install; the page's link carries the ticket. */
const install = (form = portal.installForm()) =>
  bitrixInstall((path, init) => fetch(`${app.origin}${path}`, init), form);

async function ticket() {
  const { link } = await install();
  const value = link?.searchParams.get('install');
  if (!value) throw new Error('no install ticket');
  return value;
}

async function addBitrix(token: string, installTicket: string) {
  const created = await app.call('POST', '/api/integrations', {
    token,
    body: { type: 'bitrix', connection_data: { install: installTicket } },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return created.json.id as string;
}

async function connectedOwner(bot?: Record<string, unknown>) {
  const owner = await signedInUser(app.t);
  const integrationId = await addBitrix(owner.token, await ticket());
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

async function answersSent() {
  app.t.clock.advance(61_000);
  await app.t.jobs.runDue();
}

const chatOf = async (integrationId: string, chatId: number) => {
  const [row] = await app.t.db
    .select()
    .from(chats)
    .where(and(eq(chats.integrationId, integrationId), eq(chats.externalId, `chat${chatId}`)));
  return row;
};

const sentTo = (chatId: number) =>
  portal.botMessages.filter((one) => one.DIALOG_ID === `chat${chatId}`).map((one) => one.MESSAGE);

describe('Bitrix24: installing and connecting', () => {
  it("takes the portal from the OAuth server's grant, not from the unauthenticated install POST", async () => {
    const owner = await signedInUser(app.t);
    const form = portal.installForm();
    // An install POST naming someone else's portal, carrying this portal's tokens.
    const forged = await install({ ...form, query: { ...form.query, DOMAIN: 'victim.bitrix24.ru' } });
    const id = await addBitrix(owner.token, forged.link?.searchParams.get('install') ?? '');
    const connected = await app.call('POST', `/api/integrations/connect/${id}`, { token: owner.token });
    expect(connected.status, JSON.stringify(connected.json)).toBe(200);
    const granted = new URL(portal.url).host;
    expect(connected.json).toMatchObject({ integration_account_id: granted });
    expect(connected.json.connection_data).toMatchObject({ domain: granted, portal_host: granted });
    expect(JSON.stringify(connected.json)).not.toContain('victim.bitrix24.ru');

    // A grant for another portal than the install named (member_id) connects nothing.
    const other = portal.installForm();
    const mismatched = await install({
      ...other,
      body: { ...other.body, member_id: 'a0000000000000000000000000000000' },
    });
    const wrong = await addBitrix(owner.token, mismatched.link?.searchParams.get('install') ?? '');
    const refused = await app.call('POST', `/api/integrations/connect/${wrong}`, { token: owner.token });
    expect(refused.json).toEqual({ code: 'integration_connect_failed', message: CONNECT_FAILED });
  });

  it('answers the install with a page Bitrix24 may frame, linking to the confirmation with a sealed ticket', async () => {
    const { response, html, link } = await install();
    expect(response.status).toBe(200);
    expect(response.headers.get('x-frame-options')).toBeNull();
    expect(html).toContain(portal.domain);
    expect(link?.pathname).toBe('/integrations/bitrix');
    expect(link?.searchParams.get('DOMAIN')).toBe(portal.domain);
    expect(link?.searchParams.get('member_id')).toBe(portal.memberId);
    // The portal's tokens never travel in the clear.
    const form = portal.installForm();
    const again = await install(form);
    expect(again.html).not.toContain(form.body.REFRESH_ID);
    expect(again.html).not.toContain(form.body.AUTH_ID);
    const garbage = await install({ query: { DOMAIN: 'x' }, body: {} } as never);
    expect(garbage.response.status).toBe(400);
  });

  it('spends the ticket for tokens, registers the Open Lines bot and subscribes the removal', async () => {
    const c = await connectedOwner();
    // The portal is the one the OAuth server's grant names (its REST root).
    const granted = new URL(portal.url).host;
    expect(c.view).toMatchObject({ connected: true, integration_account_id: granted });
    expect(c.view.connection_data).toMatchObject({ domain: granted, member_id: portal.memberId });
    const view = JSON.stringify(c.view);
    expect(view).not.toMatch(/access_token|refresh_token|application_token/);
    const bot = [...portal.bots.values()].find((one) => one.EVENT_MESSAGE_ADD.includes(c.integrationId));
    expect(bot).toMatchObject({
      TYPE: 'O',
      EVENT_MESSAGE_ADD: `${app.origin}/api/webhooks/bitrix/${c.integrationId}`,
    });
    expect(portal.events).toContainEqual({
      event: 'ONAPPUNINSTALL',
      handler: `${app.origin}/api/webhooks/bitrix/${c.integrationId}`,
    });
  });

  it('fails with the §8 text for a spent ticket, a forged one, and without the OAuth application', async () => {
    const owner = await signedInUser(app.t);
    const once = await ticket();
    const first = await addBitrix(owner.token, once);
    expect(
      (await app.call('POST', `/api/integrations/connect/${first}`, { token: owner.token })).status,
    ).toBe(200);
    for (const given of [once, 'not-a-ticket']) {
      const id = await addBitrix(owner.token, given);
      const refused = await app.call('POST', `/api/integrations/connect/${id}`, { token: owner.token });
      expect(refused.status).toBe(422);
      expect(refused.json.message).toBe(CONNECT_FAILED);
    }
    const saved = app.t.settings.oauthClients;
    app.t.settings.oauthClients = {};
    try {
      const id = await addBitrix(owner.token, await ticket());
      const view = await app.call('GET', `/api/integrations/${id}`, { token: owner.token });
      expect(view.json.configured).toBe(false);
      expect((await app.call('POST', `/api/integrations/connect/${id}`, { token: owner.token })).status).toBe(
        422,
      );
    } finally {
      app.t.settings.oauthClients = saved;
    }
  });
});

describe('Bitrix24: answering in open lines', () => {
  it('answers a customer once however often Bitrix24 delivers the message, into the same chat', async () => {
    const c = await connectedOwner({});
    const { chatId } = portal.addOpenLineChat({ customerName: 'Ирина' });
    llm.queue({ kind: 'text', text: 'Здравствуйте, Ирина! Чем помочь?' });
    const sent = await portal.sendCustomerMessage(chatId, 'Здравствуйте');
    expect(sent.statuses).toEqual([200]);
    expect(await portal.redeliver(sent.messageId)).toEqual([200]);
    await answersSent();
    expect(sentTo(chatId)).toEqual(['Здравствуйте, Ирина! Чем помочь?']);
    expect(llm.requests).toHaveLength(1);
    expect(await chatOf(c.integrationId, chatId)).toMatchObject({ customerName: 'Ирина' });
  });

  it('stops when an operator writes in the chat, and leaves the next customer message to the team', async () => {
    const c = await connectedOwner({});
    const { chatId } = portal.addOpenLineChat();
    await portal.sendOperatorMessage(chatId, 'Добрый день, я Олег, помогу вам');
    await answersSent();
    expect((await chatOf(c.integrationId, chatId))?.state).not.toBe('active');
    await portal.sendCustomerMessage(chatId, 'Спасибо, Олег');
    await answersSent();
    expect(sentTo(chatId)).toEqual([]);
    expect(llm.requests).toHaveLength(0);
  });

  it('refuses an event without the application token (401) and an unknown integration (404)', async () => {
    const c = await connectedOwner({});
    const forged = phpForm({
      event: 'ONIMBOTMESSAGEADD',
      data: { PARAMS: { MESSAGE: 'hi', MESSAGE_ID: 1, DIALOG_ID: 'chat1', CHAT_ENTITY_TYPE: 'LINES' } },
      auth: { application_token: 'forged-token-123' },
    });
    const post = (path: string) =>
      fetch(`${app.origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: forged.toString(),
      });
    expect((await post(`/api/webhooks/bitrix/${c.integrationId}`)).status).toBe(401);
    expect((await post('/api/webhooks/bitrix/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('lets go of the connection when the application is removed from the portal', async () => {
    const c = await connectedOwner({});
    expect(await portal.uninstall()).toContain(200);
    const [row] = await app.t.db.select().from(integrations).where(eq(integrations.id, c.integrationId));
    const view = await app.call('GET', `/api/integrations/${c.integrationId}`, { token: c.owner.token });
    expect(view.json.connected).toBe(false);
    expect(row?.connectionData.refresh_token).toBeUndefined();
  });
});

describe('Bitrix24: the bot acts on the deal', () => {
  it('moves the deal into a stage of another pipeline, writes a list field and sets one task, also when redelivered', async () => {
    const c = await connectedOwner();
    const deal = portal.addDeal({ TITLE: 'Запись Ирины' });
    const { chatId } = portal.addOpenLineChat({ dealId: Number(deal.ID) });
    await createWorkingBot(app.call, c.owner.token, {
      conditions: { channels: [c.integrationId] },
      process_scheme: 'instant',
      actions_enable: true,
      actions: [
        {
          name: 'Записать',
          description: 'Переводит сделку в «Записан»',
          goal_prompt: 'Когда клиент выбрал время',
          type: 'change_deal_status',
          settings: { integration_id: c.integrationId, pipeline_id: '1', status_id: 'C1:BOOKED' },
        },
        {
          name: 'Услуга',
          description: 'Записывает услугу',
          goal_prompt: 'Когда клиент выбрал услугу',
          type: 'change_lead_field',
          settings: { integration_id: c.integrationId, field: SERVICE_FIELD, value: 'окрашивание' },
        },
        {
          name: 'Перезвонить',
          description: 'Ставит задачу',
          goal_prompt: 'Когда клиент просит перезвонить',
          type: 'set_task',
          settings: {
            integration_id: c.integrationId,
            task_type: '1',
            text: 'Перезвонить клиенту',
            deadline_minutes: 30,
          },
        },
      ],
    });
    const tasksBefore = portal.tasks.length;
    llm.queue(
      {
        kind: 'tool_calls',
        calls: [
          { name: 'change_deal_status_1', arguments: {} },
          { name: 'change_lead_field_2', arguments: {} },
          { name: 'set_task_3', arguments: { details: 'Удобно после 18:00' } },
        ],
      },
      { kind: 'text', text: 'Записала на окрашивание, менеджер перезвонит' },
    );
    const sent = await portal.sendCustomerMessage(chatId, 'Запишите на окрашивание и перезвоните');
    await portal.redeliver(sent.messageId);
    await answersSent();
    expect(portal.deals.get(Number(deal.ID))).toMatchObject({
      CATEGORY_ID: '1',
      STAGE_ID: 'C1:BOOKED',
      [SERVICE_FIELD]: '46',
    });
    const tasks = portal.tasks.slice(tasksBefore);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({
      title: 'Перезвонить клиенту',
      description: 'Перезвонить клиенту\nУдобно после 18:00',
      responsibleId: '7',
      ufCrmTask: [`D_${deal.ID}`],
    });
    expect(sentTo(chatId)).toEqual(['Записала на окрашивание, менеджер перезвонит']);
  });

  it('hands a stopped dialogue to an operator, with the stop task and the summary on the deal', async () => {
    await connectedOwner({
      stop_task: 'Связаться с клиентом: бот остановился',
      info_transfer: { send_summary: true, send_variables: false },
      stop_logic: {
        automatic_stop: true,
        bot_stop_period: 'forever',
        interruption_cases: ['просит человека'],
      },
    });
    const deal = portal.addDeal();
    const { chatId } = portal.addOpenLineChat({ dealId: Number(deal.ID) });
    const [tasksBefore, commentsBefore] = [portal.tasks.length, portal.timelineComments.length];
    llm.queue({
      kind: 'tool_calls',
      calls: [
        {
          name: 'stop_dialog',
          arguments: { reason: 'просит человека', summary: 'Хочет записаться на стрижку.' },
        },
      ],
    });
    await portal.sendCustomerMessage(chatId, 'Позовите человека');
    await answersSent();
    expect(portal.operatorTransfers).toContainEqual({ CHAT_ID: chatId });
    expect(portal.tasks.slice(tasksBefore)).toEqual([
      expect.objectContaining({
        title: 'Связаться с клиентом: бот остановился',
        ufCrmTask: [`D_${deal.ID}`],
      }),
    ]);
    const comments = portal.timelineComments.slice(commentsBefore);
    expect(comments).toHaveLength(1);
    expect(String(comments[0]?.COMMENT)).toContain('Хочет записаться на стрижку.');
    // The bot left the chat: Bitrix24 sends it nothing more from there.
    expect((await portal.sendCustomerMessage(chatId, 'Алло?')).statuses).toEqual([]);
  });
});

describe('Bitrix24: lists, tokens and limits', () => {
  it('lists pipelines with their stages, fields, staff; explains missing rights; another account gets 404', async () => {
    const c = await connectedOwner();
    const get = (path: string, token = c.owner.token) => app.call('GET', path, { token });
    const pipelines = (await get(`/api/integrations/${c.integrationId}/crm/pipelines`)).json.pipelines;
    expect(pipelines.map((one: { id: string; name: string }) => [one.id, one.name])).toEqual([
      ['0', 'Общая'],
      ['1', 'Записи'],
    ]);
    expect(pipelines[1]._embedded.statuses.map((one: { id: string }) => one.id)).toEqual([
      'C1:NEW',
      'C1:BOOKED',
      'C1:WON',
    ]);
    const fields = (await get(`/api/integrations/${c.integrationId}/crm/fields?entity=lead`)).json.fields;
    expect(fields).toContainEqual({
      id: SERVICE_FIELD,
      name: 'Услуга',
      type: 'enumeration',
      options: [
        { id: '45', value: 'Стрижка' },
        { id: '46', value: 'Окрашивание' },
      ],
    });
    expect(fields.map((one: { id: string }) => one.id)).not.toContain('STAGE_ID');
    const staff = await get(`/api/private/integrations/bitrix/staff?integration_id=${c.integrationId}`);
    expect(staff.json.staff.map((one: { name: string }) => one.name)).toEqual([
      'Анна Админ',
      'Олег Менеджер',
    ]);
    portal.forbidUsers(true);
    try {
      const refused = await get(`/api/private/integrations/bitrix/staff?integration_id=${c.integrationId}`);
      expect(refused.status).toBe(403);
    } finally {
      portal.forbidUsers(false);
    }
    const other = await signedInUser(app.t);
    expect((await get(`/api/integrations/${c.integrationId}/crm/pipelines`, other.token)).status).toBe(404);
  });

  it('refreshes an ended token once under concurrent calls, and waits out QUERY_LIMIT_EXCEEDED', async () => {
    const c = await connectedOwner();
    const path = `/api/integrations/${c.integrationId}/crm/task-types`;
    const fieldsPath = `/api/integrations/${c.integrationId}/crm/fields?entity=contact`;
    portal.expireAccessTokens();
    const both = await Promise.all([1, 2].map(() => app.call('GET', fieldsPath, { token: c.owner.token })));
    expect(both.map((one) => one.status)).toEqual([200, 200]);
    // Still connected with the rotated pair.
    expect((await app.call('GET', fieldsPath, { token: c.owner.token })).status).toBe(200);
    expect((await app.call('GET', path, { token: c.owner.token })).status).toBe(200);
    portal.setBucket({ limit: 1, drainPerSecond: 2 });
    const mark = portal.requests.length;
    const pipelines = await app.call('GET', `/api/integrations/${c.integrationId}/crm/pipelines`, {
      token: c.owner.token,
    });
    expect(pipelines.status).toBe(200);
    expect(portal.requests.slice(mark).some((one) => one.status === 503)).toBe(true);
  });
});
