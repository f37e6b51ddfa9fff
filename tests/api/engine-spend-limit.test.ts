import { describe, expect, it } from 'vitest';
import { priceOf } from '../../functions/shared/models';
import { signedInUser } from './support/client';
import { createWorkingBot, engineTestApp, historyOf, ownerWithBot, say } from './support/engine';
import { notifyBotTestbed } from './support/telegram';

const engine = engineTestApp();
const RECIPIENT = 700_300_400;
const USAGE = { prompt_tokens: 100, completion_tokens: 20 };
const PRICE = priceOf('gpt-4o', { promptTokens: 100, completionTokens: 20 }, 'rub');

const notify = notifyBotTestbed(() => engine.t, RECIPIENT);

/** The bot as the bot list shows it. */
async function listed(token: string, botId: string) {
  const list = await engine.call('GET', '/api/bot', { token });
  return (list.json as { id: string; spent_today_minor: number; spend_limit_reached: boolean }[]).find(
    (bot) => bot.id === botId,
  );
}

describe('engine: a bot’s daily spend limit', () => {
  it('stops answering once the day’s spend reaches it, says so, tells the owner once, answers the next day', async () => {
    const { t, call, fake } = engine;
    // 20:00 in Moscow, the bot's time zone: its day ends at 21:00 UTC.
    t.clock.set(new Date('2026-02-10T17:00:00Z'));
    const owner = await ownerWithBot(t, {});
    await call('POST', '/api/profile/tg', { token: owner.token, body: { contacts: [String(RECIPIENT)] } });
    const botId = await createWorkingBot(call, owner.token, {
      name: 'Ночной администратор',
      model: 'gpt-4o',
      process_scheme: 'instant',
      conditions: { channels: ['check'], daily_spend_limit_minor: 2 * PRICE },
    });
    fake.queue(...Array.from({ length: 3 }, () => ({ kind: 'text' as const, text: 'Ответ', usage: USAGE })));

    for (const text of ['Первый вопрос', 'Второй вопрос']) {
      await say(call, owner.token, botId, text);
      await t.jobs.runDue();
    }
    expect(await listed(owner.token, botId)).toMatchObject({
      spent_today_minor: 2 * PRICE,
      spend_limit_reached: true,
    });

    // The limit is reached: the next messages are refused with the reason, the model is not asked.
    await say(call, owner.token, botId, 'Третий вопрос');
    await say(call, owner.token, botId, 'Четвёртый вопрос');
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(2);
    const rows = await historyOf(t, owner.accountId);
    expect(rows.map((row) => [row.event, row.status, row.priceMinor])).toEqual([
      ['answered', 'success', PRICE],
      ['answered', 'success', PRICE],
      ['refused_spend_limit', 'error', 0],
      ['refused_spend_limit', 'error', 0],
    ]);
    expect(rows[2]?.error).toBeNull();

    // The owner's recipients are told once, however many messages were refused.
    const told = notify.telegram.sentTexts(notify.token, RECIPIENT);
    expect(told).toHaveLength(1);
    expect(told[0]).toContain('Бот «Ночной администратор» израсходовал дневной лимит');
    expect(told[0]).toMatch(new RegExp(`/bots/${botId}$`));

    // 23:59 in Moscow: still the same day.
    t.clock.set(new Date('2026-02-10T20:59:00Z'));
    await say(call, owner.token, botId, 'Ещё вопрос');
    expect((await historyOf(t, owner.accountId)).at(-1)?.event).toBe('refused_spend_limit');
    // Midnight in Moscow (21:00 UTC): a new day, the bot answers again.
    t.clock.set(new Date('2026-02-10T21:00:30Z'));
    expect(await listed(owner.token, botId)).toMatchObject({
      spent_today_minor: 0,
      spend_limit_reached: false,
    });
    await say(call, owner.token, botId, 'Доброе утро');
    await t.jobs.runDue();
    expect((await historyOf(t, owner.accountId)).at(-1)?.event).toBe('answered');
    expect(fake.requests).toHaveLength(3);
    expect(notify.telegram.sentTexts(notify.token, RECIPIENT)).toHaveLength(1);
  });

  it('is optional and only a positive whole number of minor units; a bot without it shows no spend', async () => {
    const { t, call } = engine;
    const owner = await signedInUser(t);
    const botId = await createWorkingBot(call, owner.token, { conditions: { channels: ['check'] } });
    expect(await listed(owner.token, botId)).toMatchObject({
      spent_today_minor: 0,
      spend_limit_reached: false,
    });
    const got = await call('GET', `/api/bot/${botId}`, { token: owner.token });
    expect(got.json.conditions).toMatchObject({
      daily_spend_limit_minor: null,
      accumulation_max_seconds: null,
      waiting_response_minutes: null,
    });
    for (const bad of [0, -100, 12.5, '100']) {
      const put = await call('PUT', `/api/bot/${botId}`, {
        token: owner.token,
        body: { conditions: { daily_spend_limit_minor: bad } },
      });
      expect(put.status, String(bad)).toBe(422);
      expect(put.json.fields).toHaveProperty(['conditions.daily_spend_limit_minor']);
    }
    const ok = await call('PUT', `/api/bot/${botId}`, {
      token: owner.token,
      body: { conditions: { channels: ['check'], daily_spend_limit_minor: 150_000 } },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.conditions.daily_spend_limit_minor).toBe(150_000);
    // Another account cannot read it.
    const stranger = await signedInUser(t);
    expect((await call('GET', `/api/bot/${botId}`, { token: stranger.token })).status).toBe(404);
  });
});
