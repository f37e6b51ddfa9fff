import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { chats } from '../../db/schema';
import { type FakeAlfa, startFakeAlfa } from '../fakes/alfacrm';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { signedInUser } from './support/client';
import { createWorkingBot, dialogue, fakeLlm, LLM_KEY, say } from './support/engine';
import { listeningTestApp } from './support/listening-app';

/**
 * AlfaCRM (reference/crm.md §4) against its fake: connecting with e-mail and API key, the lead a
 * dialogue gets (made once), the bot's actions on it, the hand-over, the lists for the settings, and
 * the 15-minute session token renewed without the owner noticing.
 */

const CONNECT_FAILED = 'Подключение не удалось, повторите попытку';

let llm: FakeOpenAi;
let alfa: FakeAlfa;
let forbidden: FakeAlfa;

const app = listeningTestApp(async () => {
  [llm, alfa, forbidden] = await Promise.all([
    startFakeOpenAi({ apiKey: LLM_KEY }),
    startFakeAlfa(),
    startFakeAlfa({ apiForbidden: true }),
  ]);
  return { llm: fakeLlm(llm), settings: { apiRoots: { alfacrm: alfa.url } } };
});

afterAll(async () => {
  await Promise.all([llm?.close(), alfa?.close(), forbidden?.close()]);
});

beforeEach(() => llm.reset());

async function addAlfa(token: string, data: Record<string, unknown> = {}) {
  const created = await app.call('POST', '/api/integrations', {
    token,
    body: {
      type: 'alfacrm',
      connection_data: { hostname: 'school', email: alfa.email, api_key: alfa.apiKey, ...data },
    },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  return created.json.id as string;
}

async function connectedOwner() {
  const owner = await signedInUser(app.t);
  const integrationId = await addAlfa(owner.token);
  const connected = await app.call('POST', `/api/integrations/connect/${integrationId}`, {
    token: owner.token,
  });
  expect(connected.status, JSON.stringify(connected.json)).toBe(200);
  return { owner, integrationId, view: connected.json };
}

const action = (integrationId: string, type: string, settings: Record<string, unknown>, name = type) => ({
  name,
  description: `Действие ${name}`,
  goal_prompt: 'Когда нужно',
  type,
  settings: { integration_id: integrationId, ...settings },
});

async function checkBot(token: string, actions: Record<string, unknown>[], overrides = {}) {
  return createWorkingBot(app.call, token, {
    conditions: { channels: ['check'] },
    process_scheme: 'instant',
    actions_enable: true,
    actions,
    ...overrides,
  });
}

/** The lead made for the owner's Check dialogue with the bot. */
async function leadOf(integrationId: string, botId: string) {
  const rows = await app.t.db.select().from(chats).where(eq(chats.botId, botId));
  const id = rows.map((row) => row.channelRefs[`lead_id:${integrationId}`]).find(Boolean);
  return id ? alfa.customers.get(Number(id)) : undefined;
}

describe('AlfaCRM: connecting', () => {
  it('logs in with the e-mail and key, reads the branch, keeps the host and never answers the key', async () => {
    const { view } = await connectedOwner();
    expect(view.connected).toBe(true);
    expect(view.integration_account_id).toBe('school.s20.online');
    expect(view.connection_data).toMatchObject({
      hostname: 'school.s20.online',
      email: alfa.email,
      branch_id: '1',
      branch_name: 'Основной филиал',
    });
    expect(JSON.stringify(view)).not.toContain(alfa.apiKey);
  });

  it('fails with the §8 text for a wrong key, a branch the user cannot see, or a role without the API', async () => {
    const owner = await signedInUser(app.t);
    for (const data of [{ api_key: 'wrong-key-123456' }, { branch_id: '7' }]) {
      const id = await addAlfa(owner.token, data);
      const refused = await app.call('POST', `/api/integrations/connect/${id}`, { token: owner.token });
      expect(refused.status).toBe(422);
      expect(refused.json.message).toBe(CONNECT_FAILED);
    }
    const before = alfa.logins;
    app.t.settings.apiRoots = { alfacrm: forbidden.url };
    try {
      const id = await addAlfa(owner.token, { email: forbidden.email, api_key: forbidden.apiKey });
      const refused = await app.call('POST', `/api/integrations/connect/${id}`, { token: owner.token });
      expect(refused.json.message).toBe(CONNECT_FAILED);
    } finally {
      app.t.settings.apiRoots = { alfacrm: alfa.url };
    }
    expect(alfa.logins).toBe(before);
  });

  it('refuses an address that is no host and a branch that is not a number, changing nothing', async () => {
    const owner = await signedInUser(app.t);
    const bad = await app.call('POST', '/api/integrations', {
      token: owner.token,
      body: { type: 'alfacrm', connection_data: { hostname: 'school crm!', branch_id: 'first' } },
    });
    expect(bad.status).toBe(422);
    expect(bad.json.fields).toMatchObject({
      'connection_data.hostname': 'Некорректное значение',
      'connection_data.branch_id': 'Только цифры',
    });
  });
});

describe('AlfaCRM: the bot acts on the dialogue’s lead', () => {
  it('makes one lead for a Check dialogue and sets its status, also when the answer is retried', async () => {
    const c = await connectedOwner();
    const botId = await checkBot(c.owner.token, [
      action(c.integrationId, 'change_deal_status', { pipeline_id: '1', status_id: '2' }),
    ]);
    const before = alfa.customers.size;
    llm.queue(
      { kind: 'tool_calls', calls: [{ name: 'change_deal_status_1', arguments: {} }] },
      { kind: 'error', status: 503 },
      { kind: 'tool_calls', calls: [{ name: 'change_deal_status_1', arguments: {} }] },
      { kind: 'text', text: 'Записала вас на пробное!' },
    );
    await say(app.call, c.owner.token, botId, 'Хочу на пробное занятие');
    await app.t.jobs.runDue();
    app.t.clock.advance(10_000);
    await app.t.jobs.runDue();
    expect(alfa.customers.size).toBe(before + 1);
    expect(await leadOf(c.integrationId, botId)).toMatchObject({
      name: 'Проверка бота',
      is_study: 0,
      lead_status_id: 2,
      branch_ids: [1],
    });
    expect(JSON.stringify(await dialogue(app.call, c.owner.token, botId))).toContain(
      'Записала вас на пробное!',
    );
  });

  it('writes fields by their kind, sets one task for the chosen manager, and tells the model what AlfaCRM refused', async () => {
    const c = await connectedOwner();
    const botId = await checkBot(c.owner.token, [
      action(
        c.integrationId,
        'change_lead_field',
        { field: 'lead_source_id', value: 'telegram' },
        'Источник',
      ),
      action(c.integrationId, 'change_lead_field', { field: 'phone', value: '+7 900 000-00-01' }, 'Телефон'),
      action(c.integrationId, 'change_lead_field', { field: 'dob', value: 'вчера' }, 'Дата'),
      action(c.integrationId, 'change_company_field', { field: 'name', value: 'ООО' }, 'Компания'),
      action(
        c.integrationId,
        'set_task',
        { task_type: '1', text: 'Перезвонить клиенту', deadline_minutes: 30, responsible_id: '2' },
        'Перезвонить',
      ),
    ]);
    const tasksBefore = alfa.tasks.length;
    llm.queue(
      {
        kind: 'tool_calls',
        calls: [
          { name: 'change_lead_field_1', arguments: {} },
          { name: 'change_lead_field_2', arguments: {} },
          { name: 'change_lead_field_3', arguments: {} },
          { name: 'change_company_field_4', arguments: {} },
          { name: 'set_task_5', arguments: { details: 'Хочет в группу по вторникам' } },
        ],
      },
      { kind: 'text', text: 'Менеджер перезвонит' },
    );
    await say(app.call, c.owner.token, botId, 'Я из телеграма, перезвоните');
    await app.t.jobs.runDue();
    const lead = await leadOf(c.integrationId, botId);
    expect(lead).toMatchObject({ lead_source_id: 2, phone: ['+7 900 000-00-01'] });
    const results = ((llm.bodies[1]?.messages ?? []) as { role: string; content: string }[])
      .filter((message) => message.role === 'tool')
      .map((message) => JSON.parse(message.content));
    expect(results).toEqual([
      { ok: true, field: 'Источник' },
      { ok: true, field: 'Телефон' },
      { ok: false, error: '«Дата рождения» takes a date like 31.12.2026' },
      { ok: false, error: 'AlfaCRM has no companies' },
      { ok: true, task: expect.any(Number) },
    ]);
    const tasks = alfa.tasks.slice(tasksBefore);
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({
      text: 'Перезвонить клиенту\nХочет в группу по вторникам',
      customer_ids: [lead?.id],
      assigned_ids: [2],
      due_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00$/),
    });
  });

  it('hands a stopped dialogue to the team: the stop task and a comment with the summary', async () => {
    const c = await connectedOwner();
    const botId = await checkBot(
      c.owner.token,
      [action(c.integrationId, 'change_deal_status', { status_id: '1' })],
      {
        stop_task: 'Связаться с клиентом: бот остановился',
        info_transfer: { send_summary: true, send_variables: false },
        stop_logic: {
          automatic_stop: true,
          bot_stop_period: 'forever',
          interruption_cases: ['просит человека'],
        },
      },
    );
    const [tasksBefore, notesBefore] = [alfa.tasks.length, alfa.communications.length];
    llm.queue({
      kind: 'tool_calls',
      calls: [
        { name: 'stop_dialog', arguments: { reason: 'просит человека', summary: 'Хочет на пробное.' } },
      ],
    });
    await say(app.call, c.owner.token, botId, 'Позовите человека');
    await app.t.jobs.runDue();
    const lead = await leadOf(c.integrationId, botId);
    expect(alfa.tasks.slice(tasksBefore)).toEqual([
      expect.objectContaining({ text: 'Связаться с клиентом: бот остановился', customer_ids: [lead?.id] }),
    ]);
    const notes = alfa.communications.slice(notesBefore);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ related_id: lead?.id, type_id: 1 });
    expect(notes[0]?.comment).toContain('Хочет на пробное.');
  });
});

describe('AlfaCRM: lists for the settings and the session token', () => {
  it('lists lead statuses as one pipeline, customer fields, the task type and active staff; another account gets 404', async () => {
    const c = await connectedOwner();
    // AlfaCRM lists no field metadata: the custom fields are read off a customer.
    alfa.addCustomer({ name: 'Иван' });
    const get = (path: string, token = c.owner.token) => app.call('GET', path, { token });
    const pipelines = await get(`/api/integrations/${c.integrationId}/crm/pipelines`);
    expect(pipelines.json.pipelines).toEqual([
      {
        id: '1',
        name: 'Основной филиал',
        _embedded: {
          statuses: [
            { id: '1', name: 'Новый', color: expect.any(String) },
            { id: '2', name: 'Записан на пробное', color: expect.any(String) },
            { id: '3', name: 'Отказ', color: expect.any(String) },
          ],
        },
      },
    ]);
    const fields = (await get(`/api/integrations/${c.integrationId}/crm/fields?entity=lead`)).json.fields;
    expect(fields.map((field: { id: string }) => field.id)).toEqual(
      expect.arrayContaining(['name', 'phone', 'lead_source_id', 'custom_city']),
    );
    expect(fields.find((field: { id: string }) => field.id === 'lead_source_id').options).toEqual([
      { id: '1', value: 'Сайт' },
      { id: '2', value: 'Telegram' },
    ]);
    expect((await get(`/api/integrations/${c.integrationId}/crm/fields?entity=company`)).json.fields).toEqual(
      [],
    );
    expect((await get(`/api/integrations/${c.integrationId}/crm/task-types`)).json.task_types).toEqual([
      { id: '1', name: 'Задача' },
    ]);
    const staff = await get(`/api/private/integrations/alfacrm/staff?integration_id=${c.integrationId}`);
    expect(staff.json.staff.map((user: { name: string }) => user.name)).toEqual([
      'Администратор',
      'Мария Менеджер',
    ]);
    alfa.forbid({ users: true });
    try {
      const refused = await get(`/api/private/integrations/alfacrm/staff?integration_id=${c.integrationId}`);
      expect(refused.status).toBe(403);
      expect(refused.json.code).toBe('crm_staff_forbidden');
      // Other lists are not about rights: they still load.
      expect((await get(`/api/integrations/${c.integrationId}/crm/pipelines`)).status).toBe(200);
    } finally {
      alfa.forbid({ users: false });
    }
    const other = await signedInUser(app.t);
    expect((await get(`/api/integrations/${c.integrationId}/crm/pipelines`, other.token)).status).toBe(404);
  });

  it('logs in once for many calls, and again only when AlfaCRM ended the token or 15 minutes passed', async () => {
    const c = await connectedOwner();
    const path = `/api/integrations/${c.integrationId}/crm/pipelines`;
    const first = await app.call('GET', path, { token: c.owner.token });
    expect(first.status).toBe(200);
    const logins = alfa.logins;
    await Promise.all(Array.from({ length: 4 }, () => app.call('GET', path, { token: c.owner.token })));
    expect(alfa.logins).toBe(logins);
    alfa.expireTokens();
    expect((await app.call('GET', path, { token: c.owner.token })).status).toBe(200);
    expect(alfa.logins).toBe(logins + 1);
    app.t.clock.advance(15 * 60_000);
    alfa.advance(15 * 60_000);
    const unauthorized = () => alfa.requests.filter((request) => request.status === 401).length;
    const refusedBefore = unauthorized();
    expect((await app.call('GET', path, { token: c.owner.token })).status).toBe(200);
    expect(alfa.logins).toBe(logins + 2);
    // Renewed before use: AlfaCRM never had to refuse the old token.
    expect(unauthorized()).toBe(refusedBefore);
  });
});
