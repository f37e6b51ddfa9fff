import { describe, expect, it } from 'vitest';
import { RESPOND_JOB } from '../../functions/engine/job-names';
import { respond } from '../../functions/engine/respond';
import { priceOf } from '../../functions/shared/models';
import { dialogue, engineTestApp, historyOf, ledgerOf, ownerWithBot, say } from './support/engine';

const engine = engineTestApp();

describe('engine: billing and failures', () => {
  it('records an LLM error as an error row with no charge, once, and explains it in Check', async () => {
    const { t, call, fake } = engine;
    const owner = await ownerWithBot(t, { process_scheme: 'instant' });
    // An error that cannot pass by waiting (retryable ones are retried: engine-exactly-once.test.ts).
    fake.queue({ kind: 'error', status: 400 });
    await say(call, owner.token, owner.botId, 'Здравствуйте');
    await t.jobs.runDue();
    t.clock.advance(3_600_000);
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(1);

    const rows = await historyOf(t, owner.accountId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event: 'llm_error', status: 'error', priceMinor: 0, response: null });
    expect(rows[0]?.error).toMatch(/^Не удалось получить ответ от модели: /);
    expect((await ledgerOf(t, owner.accountId)).map((entry) => entry.kind)).toEqual(['welcome']);
    expect((await call('GET', '/api/balance', { token: owner.token })).json.total_minor).toBe(10_000);
    const shown = await dialogue(call, owner.token, owner.botId);
    expect(shown.messages.map((m: { author: string }) => m.author)).toEqual(['customer', 'system']);
    expect(shown.answer_due_at).toBeNull();

    const history = await call('GET', '/api/history?status=error', { token: owner.token });
    expect(history.json.items[0]).toMatchObject({ event: 'llm_error', status: 'error', price_minor: 0 });
  });

  it('keeps the balance and the history in agreement to the kopeck', async () => {
    const { t, call, fake } = engine;
    const owner = await ownerWithBot(t, { process_scheme: 'instant', model: 'gpt-4o' });
    const usages = [
      { prompt_tokens: 1234, completion_tokens: 56 },
      { prompt_tokens: 98_765, completion_tokens: 4321 },
      { prompt_tokens: 1, completion_tokens: 1 },
    ];
    for (const [index, usage] of usages.entries()) {
      fake.queue({ kind: 'text', text: `Ответ ${index + 1}`, usage });
      await say(call, owner.token, owner.botId, `Вопрос ${index + 1}`);
      await t.jobs.runDue();
    }
    const rows = await historyOf(t, owner.accountId);
    const prices = rows.map((row) => row.priceMinor).sort((a, b) => a - b);
    const expected = usages
      .map((usage) =>
        priceOf(
          'gpt-4o',
          { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens },
          'rub',
        ),
      )
      .sort((a, b) => a - b);
    expect(prices).toEqual(expected);
    // gpt-4o: 250/1000 US cents per 1M tokens at 90 RUB/USD; the tiniest answer still costs a kopeck.
    expect(expected[0]).toBe(1);

    const ledger = await ledgerOf(t, owner.accountId);
    const charges = ledger.filter((entry) => entry.kind === 'charge');
    expect(charges).toHaveLength(3);
    for (const row of rows) {
      expect(charges.find((entry) => entry.historyId === row.id)?.amountMinor).toBe(-row.priceMinor);
    }
    const spent = prices.reduce((sum, price) => sum + price, 0);
    const balance = await call('GET', '/api/balance', { token: owner.token });
    expect(balance.json).toMatchObject({ total_minor: 10_000 - spent, currency: 'rub', minimum_minor: 5000 });
    const history = await call('GET', '/api/history', { token: owner.token });
    const listed = history.json.items.reduce(
      (sum: number, item: { price_minor: number }) => sum + item.price_minor,
      0,
    );
    expect(listed).toBe(spent);
    const shown = await dialogue(call, owner.token, owner.botId);
    const shownSum = shown.messages.reduce(
      (sum: number, m: { price_minor: number | null }) => sum + (m.price_minor ?? 0),
      0,
    );
    expect(shownSum).toBe(spent);
  });

  it('stores, charges and shows an answer once when its job is delivered twice at the same time', async () => {
    const { t, call, fake } = engine;
    const owner = await ownerWithBot(t, { process_scheme: 'instant' });
    const sent = await say(call, owner.token, owner.botId, 'Здравствуйте');
    fake.queue(
      { kind: 'text', text: 'Ответ А', delayMs: 50 },
      { kind: 'text', text: 'Ответ Б', delayMs: 50 },
    );
    const payload = { chatId: sent.chat_id, upToMessageId: sent.message.id };
    await Promise.all([respond(engine.ctx, payload), respond(engine.ctx, payload)]);
    // A redelivery after the fact, as QStash may make.
    await t.ports.jobs.enqueue({ name: RESPOND_JOB, payload });
    await t.jobs.runDue();

    const shown = await dialogue(call, owner.token, owner.botId);
    expect(shown.messages.filter((m: { author: string }) => m.author === 'bot')).toHaveLength(1);
    expect(await historyOf(t, owner.accountId)).toHaveLength(1);
    expect((await ledgerOf(t, owner.accountId)).filter((entry) => entry.kind === 'charge')).toHaveLength(1);
  });

  it('grants the welcome credit once, in the account currency', async () => {
    const { t, call } = engine;
    const owner = await ownerWithBot(t, {}, { currency: 'kzt' });
    const [a, b] = await Promise.all([
      call('GET', '/api/balance', { token: owner.token }),
      call('GET', '/api/balance', { token: owner.token }),
    ]);
    expect(a.json).toMatchObject({ total_minor: 40_000, currency: 'kzt', minimum_minor: 20_000 });
    expect(b.json).toEqual(a.json);
    expect((await ledgerOf(t, owner.accountId)).filter((entry) => entry.kind === 'welcome')).toHaveLength(1);
    expect((await call('GET', '/api/balance')).status).toBe(401);
  });
});
