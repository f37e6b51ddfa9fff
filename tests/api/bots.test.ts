import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bots } from '../../db/schema';
import { DEFAULT_MODEL_ID } from '../../functions/shared/models';
import { skipWithoutPgvector } from '../support/test-database';
import { sharedTestApp, signedInUser } from './support/client';
import { createStorage } from './support/storages';

const api = sharedTestApp();
/** Tests whose bot has a document storage, which needs pgvector. */
const vecIt = it.skipIf(await skipWithoutPgvector('a bot with a document storage'));

/** A bot body with every §3 field set and no settings problems. */
const fullBot = () => ({
  name: 'Администратор салона',
  model: 'gpt-4o-mini',
  process_scheme: 'instant',
  accumulation_messages_seconds: 30,
  temperature_mode: 'fine_tuning',
  temperature: 68,
  storage_id: null as string | null,
  system_prompt: 'Ты администратор салона. Клиента зовут {{client_name}}, телефон {{phone}}.',
  goal_prompt: 'Записать клиента на услугу',
  conditions: {
    channels: ['telegram', 'onchat'],
    run: 'new_dialogs',
    process_messages_enabled: true,
    process_messages: ['запись'],
    work_time: {
      enabled: true,
      time_zone: 'Asia/Yekaterinburg',
      days: { sat: { enabled: true, from: '10:00', to: '16:00' } },
    },
  },
  stop_logic: {
    automatic_stop: false,
    stop_during_intervention: true,
    bot_stop_period: 'forever',
    bot_stop_period_seconds: 0,
    interruption_cases: ['Клиент просит менеджера'],
  },
  stop_message: 'Секунду, позову администратора',
  stop_task: 'Перезвонить {{phone}}',
  contact_info: 'ул. Ленина, 1',
  restoring_dialogue: { enabled: true, after_minutes: 90, prompt: 'Напомни о записи' },
  actions: [
    {
      name: 'Вебхук',
      description: 'Отправляет заявку',
      goal_prompt: 'Когда клиент оставил телефон',
      type: 'webhook',
      settings: {
        url: 'https://crm.example.com/hook',
        method: 'POST',
        body_template: '{"phone":"{{phone}}"}',
      },
    },
    {
      id: 'stop-1',
      name: 'Стоп',
      description: 'Останавливает бота',
      goal_prompt: 'Когда клиент просит человека',
      type: 'stop_bot',
      settings: { period: 'for_time', seconds: 3600 },
    },
  ],
  custom_variables: [{ name: 'phone', description: 'Телефон клиента' }],
  actions_enable: true,
  info_transfer: { send_summary: true, send_variables: false, notify_recipients: true },
});

const NOT_FOUND_RU = { code: 'not_found', message: 'Не удалось найти бота с таким ID' };

describe('bots: create and list', () => {
  it('refuses signed-out callers on every route', async () => {
    const id = crypto.randomUUID();
    for (const [method, path] of [
      ['GET', '/api/bot'],
      ['POST', '/api/bot'],
      ['GET', `/api/bot/${id}`],
      ['PUT', `/api/bot/${id}`],
      ['PATCH', `/api/bot/${id}`],
      ['DELETE', `/api/bot/${id}`],
      ['GET', '/api/bots/templates'],
    ] as const) {
      expect((await api.call(method, path, { body: method === 'GET' ? undefined : {} })).status).toBe(401);
    }
  });

  it('creates a bot with the §3/§9 defaults, switched off and listing its problems', async () => {
    const user = await signedInUser(api.t);
    const created = await api.call('POST', '/api/bot', { token: user.token, body: {} });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      name: '',
      model: DEFAULT_MODEL_ID,
      process_scheme: 'accumulation',
      accumulation_messages_seconds: 60,
      temperature_mode: 'flexible',
      temperature: 50,
      storage_id: null,
      system_prompt: '',
      goal_prompt: '',
      stop_message: 'Момент, уточню информацию',
      stop_task: '',
      contact_info: '',
      actions: [],
      custom_variables: [],
      actions_enable: false,
      is_work: false,
      template_id: null,
      connections_count: 0,
      conditions: {
        channels: [],
        run: 'all_dialogs',
        process_messages_enabled: false,
        process_messages: [],
        work_time: {
          enabled: false,
          time_zone: 'Europe/Moscow',
          days: { mon: { enabled: true, from: '09:00', to: '18:00' }, sun: { enabled: false } },
        },
      },
      stop_logic: {
        automatic_stop: true,
        stop_during_intervention: true,
        bot_stop_period: 'for_time',
        bot_stop_period_seconds: 3600,
        interruption_cases: [],
      },
      restoring_dialogue: { enabled: false, after_minutes: 60, prompt: '' },
      info_transfer: { send_summary: false, send_variables: false, notify_recipients: false },
    });
    expect(created.json.problems).toEqual([
      { code: 'bot_name_required', path: 'name', message: 'Укажите название бота' },
      { code: 'bot_system_prompt_required', path: 'system_prompt', message: 'Заполните системный промпт' },
    ]);
    expect(created.json.subscription.active).toBe(true);
    expect(Date.parse(created.json.subscription.till)).toBeGreaterThan(Date.now());

    const list = await api.call('GET', '/api/bot', { token: user.token });
    expect(list.status).toBe(200);
    expect(list.json).toEqual([created.json]);
    const one = await api.call('GET', `/api/bot/${created.json.id}`, { token: user.token });
    expect(one.json).toEqual(created.json);
  });

  vecIt('stores every field as given; new actions get ids and channels count as connections', async () => {
    const user = await signedInUser(api.t);
    const body = { ...fullBot(), storage_id: await createStorage(api.call, user.token, 'vector') };
    const created = await api.call('POST', '/api/bot', { token: user.token, body });
    expect(created.status).toBe(201);
    const { actions, conditions, ...rest } = body;
    expect(created.json).toMatchObject(rest);
    expect(created.json.problems).toEqual([]);
    expect(created.json.connections_count).toBe(2);
    expect(created.json.conditions.work_time.days.sat).toEqual({ enabled: true, from: '10:00', to: '16:00' });
    expect(created.json.conditions.work_time.days.mon).toEqual({ enabled: true, from: '09:00', to: '18:00' });
    expect(created.json.conditions.work_time.time_zone).toBe('Asia/Yekaterinburg');
    expect(created.json.actions[0].id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.json.actions[0].settings).toEqual({
      url: 'https://crm.example.com/hook',
      method: 'POST',
      headers: [],
      body_template: '{"phone":"{{phone}}"}',
    });
    expect(created.json.actions[1]).toMatchObject({
      id: 'stop-1',
      settings: { period: 'for_time', seconds: 3600 },
    });

    const [row] = await api.t.db.select().from(bots).where(eq(bots.id, created.json.id));
    expect(row?.accountId).toBeDefined();
    expect(row?.systemPrompt).toBe(body.system_prompt);
    expect(row?.actions).toEqual(created.json.actions);
    expect((await api.call('GET', '/api/bot', { token: user.token })).json[0]).toEqual(created.json);
  });

  it('lists only the account’s own bots, newest first', async () => {
    const owner = await signedInUser(api.t);
    const other = await signedInUser(api.t);
    const first = await api.call('POST', '/api/bot', { token: owner.token, body: { name: 'Первый' } });
    api.t.clock.advance(1000);
    const second = await api.call('POST', '/api/bot', { token: owner.token, body: { name: 'Второй' } });
    await api.call('POST', '/api/bot', { token: other.token, body: { name: 'Чужой' } });
    const list = await api.call('GET', '/api/bot', { token: owner.token });
    expect(list.json.map((bot: { id: string }) => bot.id)).toEqual([second.json.id, first.json.id]);
  });
});

describe('bots: edit, switch, delete', () => {
  it('PUT replaces the fields given and keeps the rest; nested objects fill their defaults', async () => {
    const user = await signedInUser(api.t);
    const created = await api.call('POST', '/api/bot', { token: user.token, body: fullBot() });
    const id = created.json.id;
    api.t.clock.advance(5000);
    const edited = await api.call('PUT', `/api/bot/${id}`, {
      token: user.token,
      body: { name: '  Новое имя ', temperature: 0, conditions: { channels: ['telegram'] } },
    });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({
      id,
      name: 'Новое имя',
      temperature: 0,
      system_prompt: fullBot().system_prompt,
      stop_message: 'Секунду, позову администратора',
      connections_count: 1,
      conditions: { channels: ['telegram'], run: 'all_dialogs', work_time: { enabled: false } },
    });
    expect(edited.json.actions.map((a: { id: string }) => a.id)).toEqual(
      created.json.actions.map((a: { id: string }) => a.id),
    );
    expect(Date.parse(edited.json.updated_at)).toBeGreaterThan(Date.parse(created.json.updated_at));
    expect(edited.json.created_at).toBe(created.json.created_at);
    expect((await api.call('GET', '/api/bot', { token: user.token })).json[0]).toEqual(edited.json);
  });

  it('a bot with problems is saved but cannot be switched on until they are fixed', async () => {
    const user = await signedInUser(api.t);
    const created = await api.call('POST', '/api/bot', {
      token: user.token,
      body: {
        name: 'Бот',
        system_prompt: 'Привет, {{имя}}! Твой заказ {{order}}',
        custom_variables: [{ name: 'имя', description: 'Имя клиента' }],
        actions: [{ name: 'Стоп', goal_prompt: 'Когда просят человека', type: 'stop_bot' }],
      },
    });
    expect(created.status).toBe(201);
    const id = created.json.id;
    expect(created.json.problems).toEqual([
      {
        code: 'bot_placeholder_unknown',
        path: 'system_prompt',
        params: { name: 'order' },
        message: 'Переменная «order» используется, но не объявлена',
      },
      {
        code: 'bot_variable_name_english',
        path: 'custom_variables.0.name',
        params: { n: 1, name: 'имя' },
        message: 'Переменная «имя»: название должно быть на английском (латинские буквы, цифры и _)',
      },
      {
        code: 'bot_stop_time_required',
        path: 'actions.0.settings.seconds',
        params: { n: 1 },
        message: 'Действие 1: укажите, на сколько остановить бота',
      },
    ]);

    const refused = await api.call('PATCH', `/api/bot/${id}`, { token: user.token, body: { is_work: true } });
    expect(refused.status).toBe(422);
    expect(refused.json.code).toBe('bot_has_problems');
    expect(refused.json.message).toBe('Бота нельзя включить: исправьте проблемы в настройках');
    expect(refused.json.problems).toEqual(created.json.problems);
    const [stored] = await api.t.db.select().from(bots).where(eq(bots.id, id));
    expect(stored?.isWork).toBe(false);

    const fixed = await api.call('PUT', `/api/bot/${id}`, {
      token: user.token,
      body: {
        system_prompt: 'Привет, {{name}}! Твой заказ {{order}}',
        custom_variables: [
          { name: 'name', description: 'Имя клиента' },
          { name: 'order', description: 'Номер заказа' },
        ],
        actions: [{ ...created.json.actions[0], settings: { period: 'for_time', seconds: 600 } }],
      },
    });
    expect(fixed.json.problems).toEqual([]);
    expect(fixed.json.is_work).toBe(false);
    const on = await api.call('PATCH', `/api/bot/${id}`, { token: user.token, body: { is_work: true } });
    expect(on.status).toBe(200);
    expect(on.json.is_work).toBe(true);
    expect((await api.call('GET', '/api/bot', { token: user.token })).json[0].is_work).toBe(true);

    const off = await api.call('PATCH', `/api/bot/${id}`, { token: user.token, body: { is_work: false } });
    expect(off.json.is_work).toBe(false);
  });

  it('a working bot saved with problems is switched off; PUT does not switch a bot on', async () => {
    const user = await signedInUser(api.t);
    const created = await api.call('POST', '/api/bot', { token: user.token, body: fullBot() });
    const id = created.json.id;
    expect(
      (await api.call('PATCH', `/api/bot/${id}`, { token: user.token, body: { is_work: true } })).json
        .is_work,
    ).toBe(true);
    const fine = await api.call('PUT', `/api/bot/${id}`, {
      token: user.token,
      body: { name: 'Ещё работает', is_work: false },
    });
    expect(fine.json.is_work).toBe(true);
    const broken = await api.call('PUT', `/api/bot/${id}`, {
      token: user.token,
      body: { system_prompt: '' },
    });
    expect(broken.status).toBe(200);
    expect(broken.json.is_work).toBe(false);
    expect(broken.json.problems.map((p: { code: string }) => p.code)).toEqual(['bot_system_prompt_required']);
    const back = await api.call('PUT', `/api/bot/${id}`, {
      token: user.token,
      body: { system_prompt: 'Ты бот', is_work: true },
    });
    expect(back.json.is_work).toBe(false);
  });

  it('deletes a bot; deleting it again answers 404', async () => {
    const user = await signedInUser(api.t);
    const created = await api.call('POST', '/api/bot', { token: user.token, body: { name: 'Удалить' } });
    const removed = await api.call('DELETE', `/api/bot/${created.json.id}`, { token: user.token });
    expect(removed.status).toBe(204);
    expect((await api.call('GET', '/api/bot', { token: user.token })).json).toEqual([]);
    const again = await api.call('DELETE', `/api/bot/${created.json.id}`, { token: user.token });
    expect(again.status).toBe(404);
    expect(again.json).toEqual(NOT_FOUND_RU);
  });

  it("another account's bot, an unknown id and a malformed id all answer 404 and change nothing", async () => {
    const owner = await signedInUser(api.t);
    const stranger = await signedInUser(api.t);
    const created = await api.call('POST', '/api/bot', { token: owner.token, body: fullBot() });
    const id = created.json.id;
    for (const target of [id, crypto.randomUUID(), 'not-a-uuid', '123', "1' or '1'='1"]) {
      const path = `/api/bot/${encodeURIComponent(target)}`;
      for (const [method, body] of [
        ['GET', undefined],
        ['PUT', { name: 'Угнан' }],
        ['PATCH', { is_work: true }],
        ['DELETE', undefined],
      ] as const) {
        const answer = await api.call(method, path, { token: stranger.token, body });
        expect(answer.status).toBe(404);
        expect(answer.json).toEqual(NOT_FOUND_RU);
      }
    }
    expect((await api.call('GET', '/api/bot', { token: stranger.token })).json).toEqual([]);
    const mine = await api.call('GET', '/api/bot', { token: owner.token });
    expect(mine.json).toEqual([created.json]);
  });

  it('answers in the account’s language (English account)', async () => {
    const user = await signedInUser(api.t, { language: 'en' });
    const missing = await api.call('GET', `/api/bot/${crypto.randomUUID()}`, {
      token: user.token,
      lang: 'ru',
    });
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual({ code: 'not_found', message: 'Could not find a bot with this ID' });
    const created = await api.call('POST', '/api/bot', { token: user.token, body: { name: 'Bot' } });
    expect(created.json.problems).toEqual([
      { code: 'bot_system_prompt_required', path: 'system_prompt', message: 'Fill in the system prompt' },
    ]);
    const refused = await api.call('PATCH', `/api/bot/${created.json.id}`, {
      token: user.token,
      body: { is_work: true },
    });
    expect(refused.json.message).toBe(
      'The bot cannot be switched on: fix the problems in its settings first',
    );
    const bad = await api.call('POST', '/api/bot', { token: user.token, body: { temperature: 99 } });
    expect(bad.json.fields).toEqual({ temperature: 'Invalid value' });
  });

  it('reports the demo period as the subscription until it ends', async () => {
    const user = await signedInUser(api.t);
    const created = await api.call('POST', '/api/bot', { token: user.token, body: {} });
    expect(created.json.subscription.active).toBe(true);
    const start = api.t.clock.now();
    try {
      api.t.clock.set(new Date(Date.parse(created.json.subscription.till) + 1000));
      const later = await api.call('GET', '/api/bot', { token: user.token });
      // Nothing covers bots any more: no place, and no end date to show.
      expect(later.json[0].subscription).toEqual({ active: false, till: null });
    } finally {
      api.t.clock.set(start);
    }
  });
});

describe('bots: validation', () => {
  const invalid: [string, Record<string, unknown>, string][] = [
    ['name too long', { name: 'x'.repeat(101) }, 'name'],
    ['name not text', { name: 42 }, 'name'],
    ['system prompt too long', { system_prompt: 'я'.repeat(15_001) }, 'system_prompt'],
    ['goal too long', { goal_prompt: 'x'.repeat(4001) }, 'goal_prompt'],
    ['stop message too long', { stop_message: 'x'.repeat(1001) }, 'stop_message'],
    ['unknown model', { model: 'gpt-unknown' }, 'model'],
    ['scheme', { process_scheme: 'batch' }, 'process_scheme'],
    ['accumulation zero', { accumulation_messages_seconds: 0 }, 'accumulation_messages_seconds'],
    ['accumulation text', { accumulation_messages_seconds: '60' }, 'accumulation_messages_seconds'],
    ['temperature above 68', { temperature: 69 }, 'temperature'],
    ['temperature below 0', { temperature: -1 }, 'temperature'],
    ['temperature fraction', { temperature: 50.5 }, 'temperature'],
    ['temperature mode', { temperature_mode: 'wild' }, 'temperature_mode'],
    ['storage id', { storage_id: 'abc' }, 'storage_id'],
    ['channels not a list', { conditions: { channels: 'telegram' } }, 'conditions.channels'],
    [
      'time zone',
      { conditions: { work_time: { time_zone: 'Mars/Olympus' } } },
      'conditions.work_time.time_zone',
    ],
    [
      'work time format',
      { conditions: { work_time: { days: { mon: { from: '25:00' } } } } },
      'conditions.work_time.days.mon.from',
    ],
    ['stop period', { stop_logic: { bot_stop_period: 'sometimes' } }, 'stop_logic.bot_stop_period'],
    ['stop seconds', { stop_logic: { bot_stop_period_seconds: -5 } }, 'stop_logic.bot_stop_period_seconds'],
    ['action type', { actions: [{ name: 'x', type: 'teleport' }] }, 'actions.0.type'],
    [
      'webhook method',
      { actions: [{ type: 'webhook', settings: { method: 'TRACE' } }] },
      'actions.0.settings.method',
    ],
    ['too many actions', { actions: Array.from({ length: 31 }, () => ({ type: null })) }, 'actions'],
    ['variables not a list', { custom_variables: { name: 'x' } }, 'custom_variables'],
    [
      'variable name too long',
      { custom_variables: [{ name: 'x'.repeat(65), description: 'd' }] },
      'custom_variables.0.name',
    ],
    ['actions flag', { actions_enable: 'yes' }, 'actions_enable'],
    ['info transfer', { info_transfer: { send_summary: 1 } }, 'info_transfer.send_summary'],
    ['restoring minutes', { restoring_dialogue: { after_minutes: 0 } }, 'restoring_dialogue.after_minutes'],
  ];

  it.each(invalid)('POST refuses %s with 422 and stores nothing', async (_label, body, field) => {
    const user = await validationUser();
    const answer = await api.call('POST', '/api/bot', { token: user.token, body });
    expect(answer.status).toBe(422);
    expect(answer.json.code).toBe('validation_failed');
    expect(Object.keys(answer.json.fields)).toContain(field);
    expect(answer.json.message).toBe(answer.json.fields[field] ?? answer.json.message);
    expect(['Некорректное значение', 'Слишком длинное значение']).toContain(answer.json.fields[field]);
    expect((await api.call('GET', '/api/bot', { token: user.token })).json).toEqual([]);
  });

  it('PUT and PATCH refuse bad input with 422 and change nothing', async () => {
    const user = await signedInUser(api.t);
    const created = await api.call('POST', '/api/bot', { token: user.token, body: fullBot() });
    const id = created.json.id;
    for (const [body, field] of invalid.map(([, b, f]) => [b, f] as const).slice(0, 8)) {
      const answer = await api.call('PUT', `/api/bot/${id}`, { token: user.token, body });
      expect(answer.status).toBe(422);
      expect(Object.keys(answer.json.fields)).toContain(field);
    }
    for (const body of [{}, { is_work: 'yes' }, { is_work: 1 }]) {
      const answer = await api.call('PATCH', `/api/bot/${id}`, { token: user.token, body });
      expect(answer.status).toBe(422);
      expect(answer.json.fields).toEqual({ is_work: 'Некорректное значение' });
    }
    const malformed = await api.call('PUT', `/api/bot/${id}`, { token: user.token, rawBody: '{"name": ' });
    expect(malformed.status).toBe(400);
    expect((await api.call('GET', '/api/bot', { token: user.token })).json).toEqual([created.json]);
  });
});

let shared: Awaited<ReturnType<typeof signedInUser>> | undefined;
/** One account for the validation table (registrations per address are rate limited). */
async function validationUser() {
  shared ??= await signedInUser(api.t);
  return shared;
}
