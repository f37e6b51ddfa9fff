import { describe, expect, it } from 'vitest';
import { createWorkingBot, engineTestApp, ledgerOf } from './support/engine';
import { signedInOwner } from './support/storages';

const engine = engineTestApp();

const SALON_BOT = {
  name: 'Администратор салона «Ромашка»',
  system_prompt: 'Ты администратор салона красоты «Ромашка». Отвечай коротко и вежливо, записывай на услуги.',
  goal_prompt: 'Записать клиента на услугу',
  process_scheme: 'accumulation',
  custom_variables: [{ name: 'client_phone', description: 'Телефон клиента' }],
};

const propose = (changes: Record<string, unknown>, summary = 'Бот для записи в салон') => ({
  kind: 'tool_calls' as const,
  calls: [{ name: 'propose_bot_settings', arguments: { summary, changes } }],
});

const systemOf = (body: Record<string, unknown> | undefined) =>
  String((body?.messages as { content: string }[] | undefined)?.[0]?.content);

const toolReplies = (body: Record<string, unknown> | undefined) =>
  ((body?.messages ?? []) as { role: string; content: string }[])
    .filter((message) => message.role === 'tool')
    .map((message) => JSON.parse(message.content));

describe('Rex, the AI assistant', () => {
  it('creates a bot by dialogue: a checked proposal, accepted, makes a bot with no problems, charged like an answer', async () => {
    const { t, call, fake } = engine;
    const owner = await signedInOwner(t);
    const started = await call('POST', '/api/assistant/dialogs', {
      token: owner.token,
      body: { request_type: 'create' },
    });
    expect(started.status).toBe(201);
    const dialogId = started.json.id;

    fake.queue({ kind: 'text', text: 'Расскажите о вашем бизнесе: что вы продаёте и кто ваши клиенты?' });
    const first = await call('POST', `/api/assistant/dialogs/${dialogId}/messages`, {
      token: owner.token,
      body: { text: 'Хочу бота' },
    });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ role: 'assistant', proposal: null, currency: 'rub' });
    expect(first.json.price_minor).toBeGreaterThan(0);
    const system = systemOf(fake.bodies[0]);
    expect(system).toContain('You are Rex');
    expect(system).toContain('Always write in Russian');

    // The first proposal has a Cyrillic variable name: refused with the problem, corrected, then shown.
    fake.queue(
      propose({ ...SALON_BOT, custom_variables: [{ name: 'телефон', description: 'Телефон' }] }),
      propose(SALON_BOT),
      { kind: 'text', text: 'Предлагаю такие настройки. Применить?' },
    );
    const second = await call('POST', `/api/assistant/dialogs/${dialogId}/messages`, {
      token: owner.token,
      body: { text: 'Салон красоты, записываем на стрижки и маникюр' },
    });
    expect(second.json.text).toBe('Предлагаю такие настройки. Применить?');
    expect(second.json.proposal).toMatchObject({
      state: 'pending',
      summary: 'Бот для записи в салон',
      changes: { name: SALON_BOT.name, system_prompt: SALON_BOT.system_prompt },
    });
    const [refusal] = toolReplies(fake.bodies[2]);
    expect(refusal).toMatchObject({ ok: false });
    expect(JSON.stringify(refusal.problems)).toContain('English');

    const accepted = await call(
      'POST',
      `/api/assistant/dialogs/${dialogId}/messages/${second.json.id}/accept`,
      {
        token: owner.token,
        body: {},
      },
    );
    expect(accepted.status).toBe(200);
    const bot = await call('GET', `/api/bot/${accepted.json.bot_id}`, { token: owner.token });
    expect(bot.json).toMatchObject({
      name: SALON_BOT.name,
      goal_prompt: SALON_BOT.goal_prompt,
      problems: [],
    });
    const on = await call('PATCH', `/api/bot/${accepted.json.bot_id}`, {
      token: owner.token,
      body: { is_work: true },
    });
    expect(on.status).toBe(200);
    expect(accepted.json.message.proposal).toMatchObject({ state: 'accepted', botId: accepted.json.bot_id });

    const again = await call('POST', `/api/assistant/dialogs/${dialogId}/messages/${second.json.id}/accept`, {
      token: owner.token,
      body: {},
    });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('По этому предложению уже принято решение');

    const dialog = await call('GET', `/api/assistant/dialogs/${dialogId}`, { token: owner.token });
    expect(dialog.json).toMatchObject({ request_type: 'create', bot_id: accepted.json.bot_id });
    expect(dialog.json.messages.map((message: { role: string }) => message.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    const charges = (await ledgerOf(t, owner.accountId)).filter(
      (row) => row.comment === `assistant ${dialogId}`,
    );
    expect(charges.map((row) => -row.amountMinor)).toEqual([first.json.price_minor, second.json.price_minor]);

    const list = await call('GET', '/api/assistant/dialogs', { token: owner.token });
    expect(list.json.items).toEqual([
      {
        id: dialogId,
        request_type: 'create',
        bot_id: accepted.json.bot_id,
        created_at: expect.any(String),
        last_message_at: expect.any(String),
      },
    ]);
  });

  it('improves a bot changing only the accepted fields, and tells Rex what was rejected', async () => {
    const { t, call, fake } = engine;
    const owner = await signedInOwner(t);
    const botId = await createWorkingBot(call, owner.token, {
      name: 'Старое имя',
      system_prompt: 'Старый промпт.',
    });
    const started = await call('POST', '/api/assistant/dialogs', {
      token: owner.token,
      body: { request_type: 'improve', bot_id: botId },
    });
    const dialogId = started.json.id;
    fake.queue(propose({ name: 'Новое имя', system_prompt: 'Новый промпт.' }, 'Новое имя и промпт'), {
      kind: 'text',
      text: 'Вот улучшения.',
    });
    const proposed = await call('POST', `/api/assistant/dialogs/${dialogId}/messages`, {
      token: owner.token,
      body: { text: 'Сделай промпт лучше' },
    });
    const system = systemOf(fake.bodies[0]);
    expect(system).toContain('improve the bot «Старое имя»');
    expect(system).toContain('Старый промпт.');
    const accepted = await call(
      'POST',
      `/api/assistant/dialogs/${dialogId}/messages/${proposed.json.id}/accept`,
      {
        token: owner.token,
        body: { fields: ['system_prompt'] },
      },
    );
    expect(accepted.status).toBe(200);
    expect(accepted.json.bot_id).toBe(botId);
    const bot = await call('GET', `/api/bot/${botId}`, { token: owner.token });
    expect(bot.json).toMatchObject({ name: 'Старое имя', system_prompt: 'Новый промпт.', is_work: true });
    expect(accepted.json.message.proposal.accepted).toEqual(['system_prompt']);

    fake.queue(propose({ goal_prompt: 'Продать абонемент' }, 'Новая цель'), {
      kind: 'text',
      text: 'Новая цель?',
    });
    const next = await call('POST', `/api/assistant/dialogs/${dialogId}/messages`, {
      token: owner.token,
      body: { text: 'А цель?' },
    });
    const rejected = await call(
      'POST',
      `/api/assistant/dialogs/${dialogId}/messages/${next.json.id}/reject`,
      {
        token: owner.token,
      },
    );
    expect(rejected.json.message.proposal.state).toBe('rejected');
    expect((await call('GET', `/api/bot/${botId}`, { token: owner.token })).json.goal_prompt).not.toBe(
      'Продать абонемент',
    );
    fake.reset();
    fake.queue({ kind: 'text', text: 'Что изменить?' });
    await call('POST', `/api/assistant/dialogs/${dialogId}/messages`, {
      token: owner.token,
      body: { text: 'Нет' },
    });
    const history = JSON.stringify(fake.bodies[0]?.messages);
    expect(history).toContain('[Proposal: Новая цель — rejected]');
    expect(history).toContain('[Proposal: Новое имя и промпт — accepted: system_prompt]');
  });

  it('answers 404 for another account’s dialogues and bots, and validates the message', async () => {
    const { t, call } = engine;
    const owner = await signedInOwner(t);
    const stranger = await signedInOwner(t);
    const botId = await createWorkingBot(call, owner.token);
    const foreignBot = await call('POST', '/api/assistant/dialogs', {
      token: stranger.token,
      body: { request_type: 'improve', bot_id: botId },
    });
    expect(foreignBot.status).toBe(404);
    const dialog = await call('POST', '/api/assistant/dialogs', {
      token: owner.token,
      body: { request_type: 'create' },
    });
    const id = dialog.json.id;
    const fakeMessage = crypto.randomUUID();
    for (const [method, path, body] of [
      ['GET', `/api/assistant/dialogs/${id}`, undefined],
      ['POST', `/api/assistant/dialogs/${id}/messages`, { text: 'привет' }],
      ['POST', `/api/assistant/dialogs/${id}/messages/${fakeMessage}/accept`, {}],
      ['POST', `/api/assistant/dialogs/${id}/messages/${fakeMessage}/reject`, undefined],
      ['GET', '/api/assistant/dialogs/not-a-uuid', undefined],
    ] as const) {
      expect((await call(method, path, { token: stranger.token, body })).status, `${method} ${path}`).toBe(
        404,
      );
    }
    expect((await call('GET', '/api/assistant/dialogs', { token: stranger.token })).json.items).toEqual([]);
    const empty = await call('POST', `/api/assistant/dialogs/${id}/messages`, {
      token: owner.token,
      body: { text: '  ' },
    });
    expect(empty.status).toBe(422);
    expect(empty.json.fields.text).toBe('Напишите сообщение');
    const badType = await call('POST', '/api/assistant/dialogs', {
      token: owner.token,
      body: { request_type: 'x' },
    });
    expect(badType.status).toBe(422);
  });
});
