import { describe, expect, it } from 'vitest';
import { receiveInbound } from '../../functions/engine/receive';
import { signedInUser } from './support/client';
import { engineTestApp, historyOf, ledgerOf, ownerWithBot, say } from './support/engine';

const engine = engineTestApp();

type Owner = Awaited<ReturnType<typeof ownerWithBot>>;

const NOT_FOUND = { code: 'not_found', message: 'Чат не найден' };

let counter = 0;
/** A customer of another chat on the bot's channel, keyed by `externalId`. */
const customerWrites = async (owner: Owner, externalId: string, text: string) =>
  (
    await receiveInbound(engine.ctx, {
      accountId: owner.accountId,
      botId: owner.botId,
      channel: 'check',
      integrationId: null,
      chatExternalId: externalId,
      messageExternalId: `customer-${++counter}`,
      author: 'customer',
      text,
    })
  ).chat.id;

const list = async (owner: Owner, query = '') =>
  (await engine.call('GET', `/api/chats${query}`, { token: owner.token })).json;

/** Answers other tests scheduled come due first, so a test counts only its own model calls. */
const drain = async () => {
  engine.t.clock.advance(61_000);
  await engine.t.jobs.runDue();
  engine.fake.reset();
};

const stateOf = async (owner: Owner, id: string) =>
  (await engine.call('GET', `/api/chats/${id}`, { token: owner.token })).json.state;

describe('chats: list, search and states', () => {
  it('refuses signed-out callers on every route', async () => {
    const id = crypto.randomUUID();
    for (const [method, path] of [
      ['GET', '/api/chats'],
      ['GET', `/api/chats/${id}`],
      ['DELETE', `/api/chats/${id}`],
      ['POST', `/api/chats/${id}/pause`],
      ['POST', `/api/chats/${id}/stop`],
      ['POST', `/api/chats/${id}/start`],
      ['POST', `/api/chats/${id}/messages`],
      ['POST', `/api/chats/${id}/summary`],
      ['POST', '/api/chats/bulk'],
    ] as const) {
      expect((await engine.call(method, path, { body: method === 'POST' ? {} : undefined })).status).toBe(
        401,
      );
    }
  });

  it('lists the account’s chats, newest first, with the bot and the last message', async () => {
    const owner = await ownerWithBot(engine.t);
    const first = await customerWrites(owner, 'client-1', 'Сколько стоит стрижка?');
    engine.t.clock.advance(1_000);
    const second = await customerWrites(owner, 'client-2', 'Здравствуйте');
    engine.t.clock.advance(1_000);
    await customerWrites(owner, 'client-1', 'А маникюр?');
    const page = await list(owner);
    expect(page).toMatchObject({ page: 1, per_page: 20, total: 2, pages: 1 });
    expect(page.items.map((item: { id: string }) => item.id)).toEqual([first, second]);
    expect(page.items[0]).toMatchObject({
      bot: { id: owner.botId, name: 'Салон «Ромашка»' },
      channel: 'check',
      external_id: 'client-1',
      state: 'working',
      pause_code: null,
      paused_until: null,
      last_message: { text: 'А маникюр?', author: 'customer' },
    });
    const paged = await list(owner, '?per_page=1&page=2');
    expect(paged).toMatchObject({ total: 2, pages: 2, page: 2 });
    expect(paged.items[0].id).toBe(second);
    // Another account sees none of them.
    const stranger = await signedInUser(engine.t);
    expect((await engine.call('GET', '/api/chats', { token: stranger.token })).json.total).toBe(0);
  });

  it('searches message texts and external ids, with % and _ taken literally', async () => {
    const owner = await ownerWithBot(engine.t);
    const haircut = await customerWrites(owner, 'tg-100', 'Скидка 50% на СТРИЖКУ?');
    const other = await customerWrites(owner, 'tg_200', 'Привет');
    const ids = async (search: string) =>
      (await list(owner, `?search=${encodeURIComponent(search)}`)).items.map(
        (item: { id: string }) => item.id,
      );
    expect(await ids('стрижку')).toEqual([haircut]);
    // The page's total counts a chat found by a message's text too.
    expect((await list(owner, `?search=${encodeURIComponent('стрижку')}`)).total).toBe(1);
    expect(await ids('50%')).toEqual([haircut]);
    expect(await ids('0% н')).toEqual([haircut]);
    expect(await ids('tg_')).toEqual([other]);
    expect(await ids('%')).toEqual([haircut]);
    expect(await ids('нет такого')).toEqual([]);
  });

  it('validates the query', async () => {
    const owner = await ownerWithBot(engine.t);
    for (const query of ['?state=sleeping', '?page=0', '?per_page=101', `?search=${'a'.repeat(201)}`]) {
      const answer = await engine.call('GET', `/api/chats${query}`, { token: owner.token });
      expect(answer.status).toBe(422);
      expect(answer.json.code).toBe('validation_failed');
    }
  });
});

describe('chats: pause, stop and start', () => {
  it('pauses by the SPEC §4 codes, filters by state, and a pause expires on its own', async () => {
    const owner = await ownerWithBot(engine.t);
    const id = await customerWrites(owner, 'pause-1', 'Вопрос');
    const pause = (code: unknown) =>
      engine.call('POST', `/api/chats/${id}/pause`, { token: owner.token, body: { code } });
    const expectations: [number, number | null][] = [
      [4, 600_000],
      [3, 3_600_000],
      [2, 86_400_000],
      [1, null],
    ];
    for (const [code, ms] of expectations) {
      const now = engine.t.clock.now().getTime();
      const answer = await pause(code);
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ id, state: 'paused', pause_code: code });
      expect(answer.json.paused_until).toBe(ms === null ? null : new Date(now + ms).toISOString());
    }
    expect((await pause(null)).json).toMatchObject({
      state: 'working',
      pause_code: null,
      paused_until: null,
    });

    await pause(4);
    expect((await list(owner, '?state=paused')).items.map((item: { id: string }) => item.id)).toEqual([id]);
    expect((await list(owner, '?state=working')).total).toBe(0);
    engine.t.clock.advance(600_000);
    expect(await stateOf(owner, id)).toBe('working');
    expect((await list(owner, '?state=working')).items[0]).toMatchObject({
      id,
      state: 'working',
      pause_code: null,
    });
    expect((await list(owner, '?state=paused')).total).toBe(0);

    for (const code of [5, 0, '1', undefined]) {
      const invalid = await pause(code);
      expect(invalid.status).toBe(422);
      expect(invalid.json.fields.code).toBe('Некорректное значение');
    }
  });

  it('a paused chat refuses the customer; stop and start control the bot in the chat', async () => {
    const { t, call, fake } = engine;
    await drain();
    const owner = await ownerWithBot(t, { process_scheme: 'instant' });
    await say(call, owner.token, owner.botId, 'Здравствуйте');
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(1);
    const id = (await list(owner)).items[0].id;

    const stopped = await call('POST', `/api/chats/${id}/stop`, { token: owner.token });
    expect(stopped.json).toMatchObject({ id, state: 'stopped', pause_code: null });
    t.clock.advance(5 * 86_400_000);
    await say(call, owner.token, owner.botId, 'Вы тут?');
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(1);
    expect((await list(owner, '?state=stopped')).items[0].id).toBe(id);

    expect((await call('POST', `/api/chats/${id}/start`, { token: owner.token })).json.state).toBe('working');
    await say(call, owner.token, owner.botId, 'Ответьте, пожалуйста');
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(2);
  });
});

describe('chats: bulk actions', () => {
  it('pauses (30 minutes for the shortest), stops and deletes many chats', async () => {
    const owner = await ownerWithBot(engine.t);
    const a = await customerWrites(owner, 'bulk-a', 'Один');
    const b = await customerWrites(owner, 'bulk-b', 'Два');
    const bulk = (body: unknown) => engine.call('POST', '/api/chats/bulk', { token: owner.token, body });
    const now = engine.t.clock.now().getTime();

    expect((await bulk({ ids: [a, b], action: 'pause_30m' })).json).toEqual({
      action: 'pause_30m',
      count: 2,
    });
    for (const item of (await list(owner)).items) {
      expect(item).toMatchObject({
        state: 'paused',
        pause_code: 4,
        paused_until: new Date(now + 1_800_000).toISOString(),
      });
    }
    const hour = await bulk({ ids: [a], action: 'pause_1h' });
    expect(hour.json.count).toBe(1);
    expect((await engine.call('GET', `/api/chats/${a}`, { token: owner.token })).json).toMatchObject({
      pause_code: 3,
      paused_until: new Date(now + 3_600_000).toISOString(),
    });
    await bulk({ ids: [a], action: 'pause_1d' });
    expect((await engine.call('GET', `/api/chats/${a}`, { token: owner.token })).json.pause_code).toBe(2);
    await bulk({ ids: [a, b], action: 'pause_forever' });
    expect(
      (await list(owner)).items.every(
        (item: { pause_code: number; paused_until: null }) =>
          item.pause_code === 1 && item.paused_until === null,
      ),
    ).toBe(true);
    await bulk({ ids: [a, b], action: 'stop' });
    expect((await list(owner, '?state=stopped')).total).toBe(2);

    const stranger = await ownerWithBot(engine.t);
    const foreign = await customerWrites(stranger, 'foreign', 'Чужой');
    const refused = await bulk({ ids: [a, foreign], action: 'delete' });
    expect(refused.status).toBe(404);
    expect(refused.json).toEqual(NOT_FOUND);
    expect((await list(owner)).total).toBe(2);
    expect((await list(stranger)).total).toBe(1);

    expect((await bulk({ ids: [a, b, a], action: 'delete' })).json).toEqual({ action: 'delete', count: 2 });
    expect((await list(owner)).total).toBe(0);
  });

  it('validates the ids and the action', async () => {
    const owner = await ownerWithBot(engine.t);
    const id = await customerWrites(owner, 'bulk-v', 'Текст');
    for (const body of [
      { ids: [], action: 'stop' },
      { ids: Array.from({ length: 101 }, () => id), action: 'stop' },
      { ids: [id], action: 'pause_10m' },
      { ids: id, action: 'stop' },
      { action: 'stop' },
    ]) {
      const answer = await engine.call('POST', '/api/chats/bulk', { token: owner.token, body });
      expect(answer.status).toBe(422);
    }
    const malformed = await engine.call('POST', '/api/chats/bulk', {
      token: owner.token,
      body: { ids: ['not-a-uuid'], action: 'stop' },
    });
    expect(malformed.status).toBe(404);
  });
});

describe('chats: the dialogue, deleting, operator answers and summaries', () => {
  it('shows the dialogue in order and answers 404 for another account’s, unknown or malformed chat', async () => {
    const { t, call, fake } = engine;
    await drain();
    const owner = await ownerWithBot(t, { process_scheme: 'instant' });
    fake.queue({ kind: 'text', text: 'Стрижка стоит 1500 ₽' });
    await say(call, owner.token, owner.botId, 'Сколько стоит стрижка?');
    await t.jobs.runDue();
    const id = (await list(owner)).items[0].id;
    const chat = (await call('GET', `/api/chats/${id}`, { token: owner.token })).json;
    expect(chat).toMatchObject({ id, state: 'working', bot: { id: owner.botId } });
    expect(chat.messages.map((m: { author: string; text: string }) => [m.author, m.text])).toEqual([
      ['customer', 'Сколько стоит стрижка?'],
      ['bot', 'Стрижка стоит 1500 ₽'],
    ]);
    expect(chat.messages[1].price_minor).toBeGreaterThan(0);

    const stranger = await signedInUser(t);
    for (const [token, chatId] of [
      [stranger.token, id],
      [owner.token, crypto.randomUUID()],
      [owner.token, 'not-a-uuid'],
    ] as const) {
      for (const [method, path, body] of [
        ['GET', `/api/chats/${chatId}`, undefined],
        ['DELETE', `/api/chats/${chatId}`, undefined],
        ['POST', `/api/chats/${chatId}/pause`, { code: 1 }],
        ['POST', `/api/chats/${chatId}/stop`, undefined],
        ['POST', `/api/chats/${chatId}/start`, undefined],
        ['POST', `/api/chats/${chatId}/messages`, { text: 'Чужой' }],
        ['POST', `/api/chats/${chatId}/summary`, undefined],
      ] as const) {
        const answer = await call(method, path, { token, body });
        expect(answer.status, `${method} ${path}`).toBe(404);
        expect(answer.json).toEqual(NOT_FOUND);
      }
    }
    const english = await call('GET', `/api/chats/${id}`, {
      token: (await signedInUser(t, { language: 'en' })).token,
    });
    expect(english.json).toEqual({ code: 'not_found', message: 'Chat not found' });
    expect(await stateOf(owner, id)).toBe('working');
  });

  it('deletes a chat with its messages', async () => {
    const owner = await ownerWithBot(engine.t);
    const id = await customerWrites(owner, 'delete-me', 'Удалите меня');
    const deleted = await engine.call('DELETE', `/api/chats/${id}`, { token: owner.token });
    expect(deleted.status).toBe(204);
    expect((await engine.call('GET', `/api/chats/${id}`, { token: owner.token })).status).toBe(404);
    expect((await list(owner)).total).toBe(0);
  });

  it('an operator answer goes into the dialogue and applies the bot’s stop logic', async () => {
    const { t, call, fake } = engine;
    await drain();
    const owner = await ownerWithBot(t, {
      accumulation_messages_seconds: 60,
      stop_logic: { stop_during_intervention: true, bot_stop_period: 'forever', bot_stop_period_seconds: 0 },
    });
    await say(call, owner.token, owner.botId, 'Сколько стоит стрижка?');
    const id = (await list(owner)).items[0].id;
    const sent = await call('POST', `/api/chats/${id}/messages`, {
      token: owner.token,
      body: { text: '  Стрижка стоит 1500 ₽  ' },
    });
    expect(sent.status).toBe(201);
    expect(sent.json).toMatchObject({
      id,
      state: 'stopped',
      message: { author: 'operator', text: 'Стрижка стоит 1500 ₽' },
    });
    t.clock.advance(60_000);
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(0);
    const chat = (await call('GET', `/api/chats/${id}`, { token: owner.token })).json;
    expect(chat.state).toBe('stopped');
    expect(chat.last_message).toMatchObject({ author: 'operator', text: 'Стрижка стоит 1500 ₽' });
    expect(chat.messages.map((m: { author: string }) => m.author)).toEqual(['customer', 'operator']);

    for (const body of [{ text: '   ' }, {}, { text: 'а'.repeat(4001) }]) {
      const invalid = await call('POST', `/api/chats/${id}/messages`, { token: owner.token, body });
      expect(invalid.status).toBe(422);
    }
  });

  it('an operator answer leaves the bot working when "stop during intervention" is off', async () => {
    const owner = await ownerWithBot(engine.t, {
      stop_logic: { stop_during_intervention: false, bot_stop_period: 'forever', bot_stop_period_seconds: 0 },
    });
    const id = await customerWrites(owner, 'no-stop', 'Вопрос');
    const sent = await engine.call('POST', `/api/chats/${id}/messages`, {
      token: owner.token,
      body: { text: 'Ответ' },
    });
    expect(sent.json.state).toBe('working');
  });

  it('summarises the dialogue with the bot’s model, and says so when the model fails', async () => {
    const { t, call, fake } = engine;
    await drain();
    const owner = await ownerWithBot(t);
    const id = await customerWrites(owner, 'summary', 'Хочу записаться на стрижку в субботу');
    await call('POST', `/api/chats/${id}/messages`, {
      token: owner.token,
      body: { text: 'Есть окно в 12:00' },
    });
    fake.queue({ kind: 'text', text: '  Клиент хочет записаться на стрижку в субботу, предложено 12:00.  ' });
    const summary = await call('POST', `/api/chats/${id}/summary`, { token: owner.token });
    expect(summary.status).toBe(200);
    expect(summary.json).toEqual({
      summary: 'Клиент хочет записаться на стрижку в субботу, предложено 12:00.',
    });
    expect(fake.requests).toHaveLength(1);
    const body = fake.bodies[0] as { model: string; messages: { role: string; content: string }[] };
    expect(body.model).toBe('gpt-4o-mini');
    expect(body.messages[0]?.content).toContain('Russian');
    expect(body.messages[1]?.content).toBe(
      'Customer: Хочу записаться на стрижку в субботу\nManager: Есть окно в 12:00',
    );

    fake.queue({ kind: 'error', status: 400, message: 'bad' });
    const failed = await call('POST', `/api/chats/${id}/summary`, { token: owner.token });
    expect(failed.status).toBe(502);
    expect(failed.json).toEqual({
      code: 'upstream_failed',
      message: 'Не удалось составить сводку диалога, повторите попытку',
    });
  });

  it('charges a summary like an answer, with a History row, and limits how often it is asked for', async () => {
    const { t, call, fake } = engine;
    await drain();
    const owner = await ownerWithBot(t);
    const id = await customerWrites(owner, 'paid-summary', 'Сколько стоит маникюр?');
    fake.queue({
      kind: 'text',
      text: 'Клиент спрашивает цену маникюра.',
      usage: { prompt_tokens: 300, completion_tokens: 20 },
    });
    expect((await call('POST', `/api/chats/${id}/summary`, { token: owner.token })).status).toBe(200);
    const rows = (await historyOf(t, owner.accountId)).filter((row) => row.event === 'summary');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'success', model: 'gpt-4o-mini', chatId: id });
    expect(rows[0]?.priceMinor).toBeGreaterThan(0);
    const charges = (await ledgerOf(t, owner.accountId)).filter((entry) => entry.kind === 'charge');
    expect(charges.map((entry) => entry.amountMinor)).toEqual([-(rows[0]?.priceMinor ?? 0)]);
    // Not a message of the dialogue.
    const chat = await call('GET', `/api/chats/${id}`, { token: owner.token });
    expect(JSON.stringify(chat.json)).not.toContain('Клиент спрашивает цену маникюра.');

    const answers = [];
    for (let i = 0; i < 10; i++)
      answers.push(await call('POST', `/api/chats/${id}/summary`, { token: owner.token }));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(9);
    const limited = answers.at(-1);
    expect(limited?.status).toBe(429);
    expect(limited?.json.code).toBe('rate_limited');
    t.clock.advance(61_000);
    expect((await call('POST', `/api/chats/${id}/summary`, { token: owner.token })).status).toBe(200);
  });
});
