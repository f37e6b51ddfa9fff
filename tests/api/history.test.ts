import { describe, expect, it } from 'vitest';
import { historyEntries } from '../../db/schema';
import { eventMessageKey } from '../../functions/engine/events';
import { translate } from '../../functions/i18n/translate';
import { signedInUser } from './support/client';
import { engineTestApp, ownerWithBot, say } from './support/engine';

const engine = engineTestApp();

type Owner = Awaited<ReturnType<typeof ownerWithBot>>;

/** A history row written straight to the table, for dates the clock of the app cannot reach. */
const row = (owner: Owner, createdAt: string, extra: Partial<typeof historyEntries.$inferInsert> = {}) => ({
  accountId: owner.accountId,
  botId: owner.botId,
  chatId: crypto.randomUUID(),
  source: 'check',
  channel: 'check',
  message: `Вопрос ${createdAt}`,
  response: `Ответ ${createdAt}`,
  event: 'answered',
  status: 'success' as const,
  priceMinor: 12,
  currency: 'rub' as const,
  createdAt: new Date(createdAt),
  ...extra,
});

const list = (owner: { token: string }, query = '') =>
  engine.call('GET', `/api/history${query ? `?${query}` : ''}`, { token: owner.token });

describe('history', () => {
  it('refuses signed-out callers', async () => {
    expect((await engine.call('GET', '/api/history')).status).toBe(401);
  });

  it('lists the engine’s rows with every column, newest first', async () => {
    const { t, call } = engine;
    const owner = await ownerWithBot(t, { process_scheme: 'instant', name: 'Салон' });
    engine.fake.queue({ kind: 'text', text: 'Добрый день!' });
    const sent = await say(call, owner.token, owner.botId, 'Здравствуйте');
    await t.jobs.runDue();
    await call('PATCH', `/api/bot/${owner.botId}`, { token: owner.token, body: { is_work: false } });
    t.clock.advance(1000);
    await say(call, owner.token, owner.botId, 'Есть кто?');

    const answer = await list(owner);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ page: 1, per_page: 20, total: 2, pages: 1 });
    const [refused, answered] = answer.json.items;
    expect(answered).toEqual({
      id: expect.any(String),
      date: expect.any(String),
      price_minor: expect.any(Number),
      own_key: false,
      knowledge: null,
      currency: 'rub',
      bot: { id: owner.botId, name: 'Салон' },
      source: 'check',
      channel: 'check',
      message: 'Здравствуйте',
      response: 'Добрый день!',
      event: 'answered',
      dialog: sent.chat_id,
      status: 'success',
      error: null,
      actions: [],
    });
    expect(answered.price_minor).toBeGreaterThan(0);
    expect(refused).toMatchObject({
      price_minor: 0,
      message: 'Есть кто?',
      response: null,
      event: 'refused_bot_off',
      status: 'error',
      // The event names the refusal; History translates it, no text of the day is kept.
      error: null,
      dialog: sent.chat_id,
    });
    expect(Date.parse(refused.date)).toBeGreaterThan(Date.parse(answered.date));

    // Rows outlive the dialogue and the bot.
    await call('DELETE', `/api/check/messages?bot_id=${owner.botId}`, { token: owner.token });
    await call('DELETE', `/api/bot/${owner.botId}`, { token: owner.token });
    const after = await list(owner);
    expect(after.json.total).toBe(2);
    expect(after.json.items[1]).toMatchObject({ bot: null, dialog: sent.chat_id, response: 'Добрый день!' });
  });

  it('a refusal reads in the account’s language of the day; a model failure keeps its own text', async () => {
    const { t, call, fake } = engine;
    const owner = await ownerWithBot(t, { process_scheme: 'instant' });
    fake.queue({ kind: 'error', status: 400 });
    await say(call, owner.token, owner.botId, 'Здравствуйте');
    await t.jobs.runDue();
    await call('PATCH', `/api/bot/${owner.botId}`, { token: owner.token, body: { is_work: false } });
    t.clock.advance(1000);
    await say(call, owner.token, owner.botId, 'Есть кто?');
    const switched = await call('POST', '/api/profile', { token: owner.token, body: { lang: 'en' } });
    expect(switched.status).toBe(200);
    expect((await call('GET', '/api/profile', { token: owner.token })).json.lang).toBe('en');

    const [refused, failed] = (await list(owner)).json.items;
    // History shows the event translated (engine_event_refused_bot_off: "The bot is switched off")
    // and no text frozen in Russian under it.
    expect(refused).toMatchObject({ event: 'refused_bot_off', status: 'error', error: null });
    expect(translate(eventMessageKey('refused_bot_off'), 'en')).toBe('The bot is switched off');
    expect(failed).toMatchObject({ event: 'llm_error', status: 'error' });
    expect(failed.error).toMatch(/^Не удалось получить ответ от модели: /);
  });

  it('filters by an inclusive UTC date range and by status', async () => {
    const owner = await ownerWithBot(engine.t);
    await engine.t.db.insert(historyEntries).values([
      row(owner, '2026-02-28T23:59:59.999Z'),
      row(owner, '2026-03-01T00:00:00.000Z'),
      row(owner, '2026-03-01T23:59:59.999Z', {
        status: 'error',
        event: 'llm_error',
        error: 'x',
        priceMinor: 0,
      }),
      row(owner, '2026-03-02T00:00:00.000Z'),
      row(owner, '2026-03-05T12:00:00.000Z'),
    ]);
    const dates = async (query: string) =>
      (await list(owner, query)).json.items.map((item: { date: string }) => item.date);

    expect(await dates('from=2026-03-01&to=2026-03-01')).toEqual([
      '2026-03-01T23:59:59.999Z',
      '2026-03-01T00:00:00.000Z',
    ]);
    expect(await dates('from=2026-03-02')).toEqual(['2026-03-05T12:00:00.000Z', '2026-03-02T00:00:00.000Z']);
    expect(await dates('to=2026-02-28')).toEqual(['2026-02-28T23:59:59.999Z']);
    expect(await dates('from=2026-03-01&to=2026-03-31&status=success')).toEqual([
      '2026-03-05T12:00:00.000Z',
      '2026-03-02T00:00:00.000Z',
      '2026-03-01T00:00:00.000Z',
    ]);
    expect(await dates('status=error')).toEqual(['2026-03-01T23:59:59.999Z']);
    expect((await list(owner, 'from=2026-04-01')).json).toEqual({
      items: [],
      page: 1,
      per_page: 20,
      total: 0,
      pages: 1,
    });
  });

  it('paginates', async () => {
    const owner = await ownerWithBot(engine.t);
    await engine.t.db
      .insert(historyEntries)
      .values(
        Array.from({ length: 25 }, (_, i) => row(owner, `2026-01-01T00:00:${String(i).padStart(2, '0')}Z`)),
      );
    const first = await list(owner, 'per_page=10');
    expect(first.json).toMatchObject({ page: 1, per_page: 10, total: 25, pages: 3 });
    expect(first.json.items).toHaveLength(10);
    expect(first.json.items[0].date).toBe('2026-01-01T00:00:24.000Z');
    const third = await list(owner, 'per_page=10&page=3');
    expect(third.json.items.map((item: { date: string }) => item.date)).toEqual(
      Array.from({ length: 5 }, (_, i) => `2026-01-01T00:00:0${4 - i}.000Z`),
    );
    expect((await list(owner, 'per_page=10&page=4')).json.items).toEqual([]);
    expect((await list(owner)).json.items).toHaveLength(20);
  });

  it('answers 422 for bad dates, ranges, statuses and pages', async () => {
    const owner = await signedInUser(engine.t);
    for (const [query, field, message] of [
      ['from=2026-13-01', 'from', 'Некорректное значение'],
      ['to=yesterday', 'to', 'Некорректное значение'],
      ['from=2026-02-30', 'from', 'Некорректное значение'],
      ['from=2026-03-02&to=2026-03-01', 'to', 'Дата начала не может быть позже даты окончания'],
      ['status=maybe', 'status', 'Некорректное значение'],
      ['page=0', 'page', 'Некорректное значение'],
      ['page=abc', 'page', 'Некорректное значение'],
      ['per_page=101', 'per_page', 'Некорректное значение'],
    ] as const) {
      const answer = await list(owner, query);
      expect(answer.status, query).toBe(422);
      expect(answer.json.code).toBe('validation_failed');
      expect(answer.json.fields[field], query).toBe(message);
    }
  });

  it('shows each account only its own rows', async () => {
    const owner = await ownerWithBot(engine.t);
    await engine.t.db.insert(historyEntries).values(row(owner, '2026-01-10T10:00:00Z'));
    const stranger = await signedInUser(engine.t);
    expect((await list(stranger)).json).toMatchObject({ items: [], total: 0 });
    expect((await list(owner)).json.total).toBe(1);
  });
});
