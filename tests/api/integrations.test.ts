import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bots } from '../../db/schema';
import { sharedTestApp, signedInUser } from './support/client';

const api = sharedTestApp();

async function create(token: string, body: Record<string, unknown>) {
  const answer = await api.call('POST', '/api/integrations', { token, body });
  if (answer.status !== 201) throw new Error(`create integration: ${JSON.stringify(answer.json)}`);
  return answer.json as { id: string; type: string };
}

/** A bot with no settings problems except what its integrations bring. */
const readyBot = (overrides: Record<string, unknown> = {}) => ({
  name: 'Продажи',
  system_prompt: 'Ты менеджер по продажам',
  ...overrides,
});

const crmAction = (integrationId: string) => ({
  name: 'Статус сделки',
  description: 'Меняет статус сделки',
  goal_prompt: 'Когда клиент согласился',
  type: 'change_deal_status',
  settings: { integration_id: integrationId, pipeline_id: '1', status_id: '2' },
});

describe('integrations: CRUD', () => {
  it('refuses signed-out callers on every route', async () => {
    const id = crypto.randomUUID();
    for (const [method, path] of [
      ['GET', '/api/integrations'],
      ['POST', '/api/integrations'],
      ['GET', `/api/integrations/${id}`],
      ['PATCH', `/api/integrations/${id}`],
      ['DELETE', `/api/integrations/${id}`],
      ['POST', `/api/integrations/connect/${id}`],
      ['POST', `/api/integrations/reset/${id}`],
    ] as const) {
      expect((await api.call(method, path, { body: method === 'GET' ? undefined : {} })).status).toBe(401);
    }
  });

  it('creates, lists, reads and updates an integration with the §3 fields', async () => {
    const user = await signedInUser(api.t);
    expect((await api.call('GET', '/api/integrations', { token: user.token })).json).toEqual([]);

    const created = await api.call('POST', '/api/integrations', {
      token: user.token,
      body: {
        type: 'imot.io',
        integration_account_id: 'salon-7',
        connection_data: { api_key: 'yc-api-key-0007', pipeline: 7 },
      },
    });
    expect(created.status).toBe(201);
    // Only the fields the type declares are kept (an allow-list); credentials are answered masked.
    expect(created.json).toMatchObject({
      type: 'imot.io',
      integration_account_id: 'salon-7',
      connection_data: { api_key: '••••0007' },
      activated: true,
      connected: false,
      kind: 'data_source',
      available: false,
    });
    expect(created.json.connection_data).toEqual({ api_key: '••••0007' });
    const id = created.json.id as string;

    const list = await api.call('GET', '/api/integrations', { token: user.token });
    expect(list.json).toEqual([created.json]);
    expect((await api.call('GET', `/api/integrations/${id}`, { token: user.token })).json).toEqual(
      created.json,
    );

    const off = await api.call('PATCH', `/api/integrations/${id}`, {
      token: user.token,
      body: { activated: false },
    });
    expect(off.status).toBe(200);
    expect(off.json).toMatchObject({ activated: false, integration_account_id: 'salon-7' });

    const fields = await api.call('PATCH', `/api/integrations/${id}`, {
      token: user.token,
      body: { connection_data: { api_key: 'yc-api-key-0009' }, integration_account_id: 'salon-9' },
    });
    expect(fields.json).toMatchObject({
      activated: false,
      integration_account_id: 'salon-9',
      connection_data: { api_key: '••••0009' },
    });

    // POST with the id of an own integration changes its fields; its type cannot change.
    const resaved = await api.call('POST', '/api/integrations', {
      token: user.token,
      body: { id, type: 'imot.io', integration_account_id: 'salon-3' },
    });
    expect(resaved.status).toBe(200);
    expect(resaved.json).toMatchObject({ id, integration_account_id: 'salon-3' });
    const retyped = await api.call('POST', '/api/integrations', {
      token: user.token,
      body: { id, type: 'wahelp' },
    });
    expect(retyped.status).toBe(422);
    expect(retyped.json.fields).toEqual({ type: 'Некорректное значение' });
    // Nothing to change besides the id and type: the integration as it is, not a 500.
    const unchanged = await api.call('POST', '/api/integrations', {
      token: user.token,
      body: { id, type: 'imot.io' },
    });
    expect(unchanged.status).toBe(200);
    expect(unchanged.json).toMatchObject({ id, integration_account_id: 'salon-3' });
  });

  it('validates the bodies', async () => {
    const user = await signedInUser(api.t);
    const badType = await api.call('POST', '/api/integrations', { token: user.token, body: { type: 'icq' } });
    expect(badType.status).toBe(422);
    expect(badType.json).toMatchObject({
      code: 'validation_failed',
      fields: { type: 'Некорректное значение' },
    });
    const badData = await api.call('POST', '/api/integrations', {
      token: user.token,
      body: { type: 'telegram', connection_data: 'token' },
    });
    expect(badData.status).toBe(422);
    expect(badData.json.fields).toHaveProperty('connection_data');
    const huge = await api.call('POST', '/api/integrations', {
      token: user.token,
      body: { type: 'telegram', connection_data: { blob: 'x'.repeat(20_000) } },
    });
    expect(huge.status).toBe(422);

    const { id } = await create(user.token, { type: 'telegram' });
    const empty = await api.call('PATCH', `/api/integrations/${id}`, { token: user.token, body: {} });
    expect(empty.status).toBe(422);
    const badFlag = await api.call('PATCH', `/api/integrations/${id}`, {
      token: user.token,
      body: { activated: 'yes' },
    });
    expect(badFlag.status).toBe(422);
    expect(badFlag.json.fields).toEqual({ activated: 'Некорректное значение' });
  });

  it('answers 404 with a message for another account’s or an unknown integration on every route', async () => {
    const owner = await signedInUser(api.t);
    const stranger = await signedInUser(api.t);
    const { id } = await create(owner.token, { type: 'onchat' });
    for (const target of [id, crypto.randomUUID(), 'not-a-uuid']) {
      for (const [method, path, body] of [
        ['GET', `/api/integrations/${target}`, undefined],
        ['PATCH', `/api/integrations/${target}`, { activated: false }],
        ['DELETE', `/api/integrations/${target}?confirm=true`, undefined],
        ['POST', `/api/integrations/connect/${target}`, undefined],
        ['POST', `/api/integrations/reset/${target}`, undefined],
        ['POST', '/api/integrations', { id: target, type: 'onchat' }],
      ] as const) {
        const answer = await api.call(method, path, { token: stranger.token, body });
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(answer.json).toEqual({ code: 'not_found', message: 'Интеграция не найдена' });
      }
    }
    expect((await api.call('GET', '/api/integrations', { token: stranger.token })).json).toEqual([]);
    const still = await api.call('GET', `/api/integrations/${id}`, { token: owner.token });
    expect(still.json).toMatchObject({ id, activated: true });
    const english = await signedInUser(api.t, { language: 'en' });
    const inEnglish = await api.call('GET', `/api/integrations/${id}`, { token: english.token, lang: 'en' });
    expect(inEnglish.json.message).toBe('Integration not found');
  });
});

describe('integrations: connect and reset', () => {
  it('connects the website widget without external checks, and resets the connection', async () => {
    const user = await signedInUser(api.t);
    const { id } = await create(user.token, { type: 'onchat', connection_data: { color: '#3366ff' } });
    const connected = await api.call('POST', `/api/integrations/connect/${id}`, { token: user.token });
    expect(connected.status).toBe(200);
    expect(connected.json).toMatchObject({
      id,
      connected: true,
      kind: 'channel',
      available: true,
      message: 'Интеграция успешно подключена',
      connection_data: { color: '#3366ff' },
    });
    expect(typeof connected.json.connection_data.connected_at).toBe('string');

    // A client cannot forge or drop the server's connection mark by saving fields.
    const saved = await api.call('PATCH', `/api/integrations/${id}`, {
      token: user.token,
      body: { connection_data: { color: '#000000', connected_at: 'forged' } },
    });
    expect(saved.json.connected).toBe(true);
    expect(saved.json.connection_data.connected_at).toBe(connected.json.connection_data.connected_at);

    const reset = await api.call('POST', `/api/integrations/reset/${id}`, { token: user.token });
    expect(reset.status).toBe(200);
    expect(reset.json).toMatchObject({ connected: false, connection_data: { color: '#000000' } });
    expect(reset.json.connection_data).not.toHaveProperty('connected_at');

    const forged = await create(user.token, { type: 'onchat', connection_data: { connected_at: 'x' } });
    expect(forged).toMatchObject({ connected: false, connection_data: {} });
  });

  it('answers the §8 failure for types whose connector is not built yet', async () => {
    const user = await signedInUser(api.t);
    const { id } = await create(user.token, { type: 'wahelp', connection_data: { token: '1:abc' } });
    const failed = await api.call('POST', `/api/integrations/connect/${id}`, { token: user.token });
    expect(failed.status).toBe(422);
    expect(failed.json).toEqual({
      code: 'integration_not_available',
      message: 'Подключение не удалось, повторите попытку',
    });

    const english = await signedInUser(api.t, { language: 'en' });
    const own = await create(english.token, { type: 'wazzup' });
    const inEnglish = await api.call('POST', `/api/integrations/connect/${own.id}`, {
      token: english.token,
      lang: 'en',
    });
    expect(inEnglish.json.message).toBe('Connection failed, please try again');
    expect((await api.call('GET', `/api/integrations/${id}`, { token: user.token })).json.connected).toBe(
      false,
    );
  });
});

describe('integrations: one account per type in a bot (SPEC §5)', () => {
  it('reports a bot that uses two accounts of one type and refuses to switch it on', async () => {
    const user = await signedInUser(api.t);
    const first = await create(user.token, { type: 'yclients', integration_account_id: 'salon-a' });
    const second = await create(user.token, { type: 'yclients', integration_account_id: 'salon-b' });
    const telegram = await create(user.token, { type: 'telegram' });

    const fine = await api.call('POST', '/api/bot', {
      token: user.token,
      body: readyBot({ conditions: { channels: [telegram.id] }, actions: [crmAction(first.id)] }),
    });
    expect(fine.json.problems).toEqual([]);

    const twice = await api.call('POST', '/api/bot', {
      token: user.token,
      body: readyBot({ actions: [crmAction(first.id), crmAction(second.id)] }),
    });
    expect(twice.status).toBe(201);
    expect(twice.json.problems).toEqual([
      {
        code: 'bot_integration_type_duplicate',
        path: 'actions.1.settings.integration_id',
        params: { name: 'YCLIENTS' },
        message: 'Бот может работать только с одним аккаунтом YCLIENTS: выберите один',
      },
    ]);
    const on = await api.call('PATCH', `/api/bot/${twice.json.id}`, {
      token: user.token,
      body: { is_work: true },
    });
    expect(on.status).toBe(422);
    expect(on.json.code).toBe('bot_has_problems');

    const fixed = await api.call('PUT', `/api/bot/${twice.json.id}`, {
      token: user.token,
      body: { actions: [crmAction(second.id), crmAction(second.id)] },
    });
    expect(fixed.json.problems).toEqual([]);
  });
});

describe('integrations: delete', () => {
  it('deletes an unbound integration at once', async () => {
    const user = await signedInUser(api.t);
    const { id } = await create(user.token, { type: 'altegio' });
    const deleted = await api.call('DELETE', `/api/integrations/${id}`, { token: user.token });
    expect(deleted.status).toBe(204);
    expect((await api.call('GET', `/api/integrations/${id}`, { token: user.token })).status).toBe(404);
  });

  it('lists the bound bots first, then detaches them and their actions when confirmed', async () => {
    const user = await signedInUser(api.t);
    const other = await signedInUser(api.t);
    const crm = await create(user.token, { type: 'yclients' });
    const channel = await create(user.token, { type: 'onchat' });
    const otherCrm = await create(other.token, { type: 'yclients' });

    const seller = await api.call('POST', '/api/bot', {
      token: user.token,
      body: readyBot({
        name: 'Продавец',
        conditions: { channels: [channel.id, 'check'] },
        actions: [crmAction(crm.id)],
      }),
    });
    const greeter = await api.call('POST', '/api/bot', {
      token: user.token,
      body: readyBot({ name: 'Приветствие', conditions: { channels: [crm.id] } }),
    });
    const unrelated = await api.call('POST', '/api/bot', {
      token: user.token,
      body: readyBot({ name: 'Без CRM', conditions: { channels: [channel.id] } }),
    });
    const stranger = await api.call('POST', '/api/bot', {
      token: other.token,
      body: readyBot({ actions: [crmAction(otherCrm.id)] }),
    });
    const on = await api.call('PATCH', `/api/bot/${seller.json.id}`, {
      token: user.token,
      body: { is_work: true },
    });
    expect(on.json.is_work).toBe(true);

    const warning = await api.call('DELETE', `/api/integrations/${crm.id}`, { token: user.token });
    expect(warning.status).toBe(409);
    expect(warning.json.code).toBe('integration_in_use');
    expect(warning.json.message).toContain('«Продавец»');
    expect(warning.json.message).toContain('«Приветствие»');
    expect(
      [...warning.json.bots].sort((a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name)),
    ).toEqual([
      { id: greeter.json.id, name: 'Приветствие' },
      { id: seller.json.id, name: 'Продавец' },
    ]);
    expect((await api.call('GET', `/api/integrations/${crm.id}`, { token: user.token })).status).toBe(200);
    const notConfirmed = await api.call('DELETE', `/api/integrations/${crm.id}?confirm=false`, {
      token: user.token,
    });
    expect(notConfirmed.status).toBe(409);
    const badConfirm = await api.call('DELETE', `/api/integrations/${crm.id}?confirm=yes`, {
      token: user.token,
    });
    expect(badConfirm.status).toBe(422);

    const confirmed = await api.call('DELETE', `/api/integrations/${crm.id}?confirm=true`, {
      token: user.token,
    });
    expect(confirmed.status).toBe(204);
    expect((await api.call('GET', `/api/integrations/${crm.id}`, { token: user.token })).status).toBe(404);

    const sellerAfter = (await api.call('GET', `/api/bot/${seller.json.id}`, { token: user.token })).json;
    expect(sellerAfter.conditions.channels).toEqual([channel.id, 'check']);
    expect(sellerAfter.actions[0].settings.integration_id).toBeNull();
    expect(sellerAfter.actions[0].name).toBe('Статус сделки');
    expect(sellerAfter.problems.map((p: { code: string }) => p.code)).toEqual([
      'bot_action_integration_required',
    ]);
    expect(sellerAfter.is_work).toBe(false);

    const greeterAfter = (await api.call('GET', `/api/bot/${greeter.json.id}`, { token: user.token })).json;
    expect(greeterAfter.conditions.channels).toEqual([]);
    const unrelatedAfter = (await api.call('GET', `/api/bot/${unrelated.json.id}`, { token: user.token }))
      .json;
    expect(unrelatedAfter.conditions.channels).toEqual([channel.id]);
    expect(unrelatedAfter.updated_at).toBe(unrelated.json.updated_at);

    const [strangerRow] = await api.t.db.select().from(bots).where(eq(bots.id, stranger.json.id));
    expect(strangerRow?.actions[0]?.settings).toMatchObject({ integration_id: otherCrm.id });
  });
});
