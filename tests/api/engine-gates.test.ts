import { describe, expect, it } from 'vitest';
import { balanceEntries } from '../../db/schema';
import { receiveInbound } from '../../functions/engine/receive';
import { schedules } from '../../schedules';
import { dialogue, engineTestApp, historyOf, ownerWithBot, say } from './support/engine';
import { addMoney, endDemo } from './support/money';

const engine = engineTestApp();

const instant = { process_scheme: 'instant' };

/** Sends one Check message and expects a refusal: a free error row and a system message. */
async function expectRefused(
  owner: { token: string; botId: string; accountId: string },
  event: string,
  notice: string,
) {
  const { t, call, fake } = engine;
  const sent = await say(call, owner.token, owner.botId, 'Здравствуйте');
  expect(sent.answer_due_at).toBeNull();
  await t.jobs.runDue();
  expect(fake.requests).toHaveLength(0);
  const rows = await historyOf(t, owner.accountId);
  const row = rows.find((r) => r.event === event);
  // The row's event names the reason (History translates it); Check shows it as a system message.
  expect(row).toMatchObject({ status: 'error', priceMinor: 0, error: null, message: 'Здравствуйте' });
  const shown = await dialogue(call, owner.token, owner.botId);
  expect(shown.messages.at(-1)).toMatchObject({ author: 'system', text: notice, price_minor: null });
  expect(shown.answer_due_at).toBeNull();
}

describe('engine: the gates', () => {
  it('refuses while the bot is switched off', async () => {
    const owner = await ownerWithBot(engine.t, instant);
    await engine.call('PATCH', `/api/bot/${owner.botId}`, { token: owner.token, body: { is_work: false } });
    await expectRefused(owner, 'refused_bot_off', 'Бот выключен');
  });

  it('refuses when the bot is in no active subscription; a bought one lets it work again', async () => {
    const { t, call, fake } = engine;
    const owner = await ownerWithBot(t, instant);
    await endDemo(t, owner.accountId);
    await expectRefused(owner, 'refused_no_subscription', 'Бот не входит в активную подписку');

    await addMoney(t, owner.accountId, 'rub', 200_000);
    const bought = await call('POST', '/api/subscription/new', {
      token: owner.token,
      body: { items: [{ kind: 'bots', quantity: 1 }], term: '7d' },
    });
    expect(bought.status).toBe(201);
    await say(call, owner.token, owner.botId, 'А теперь?');
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(1);
  });

  it('when the subscription ends the bot stops with a History event once, and paying again resumes it', async () => {
    const { t, call, fake } = engine;
    const owner = await ownerWithBot(t, instant);
    await addMoney(t, owner.accountId, 'rub', 500_000);
    const bought = await call('POST', '/api/subscription/new', {
      token: owner.token,
      body: { items: [{ kind: 'bots', quantity: 1 }], term: '7d' },
    });
    await call('PATCH', `/api/subscription/${bought.json.id}`, {
      token: owner.token,
      body: { auto_renewal: false },
    });
    await endDemo(t, owner.accountId);
    t.clock.set(new Date(Date.parse(bought.json.expires_at) + 60_000));
    const schedule = schedules.find((one) => one.id === 'subscription-renewal');
    await schedule?.handler(t.ports, t.settings);
    await schedule?.handler(t.ports, t.settings);
    const notices = (await historyOf(t, owner.accountId)).filter(
      (row) => row.event === 'subscription_expired',
    );
    expect(notices).toHaveLength(1);
    const bots = await call('GET', '/api/bot', { token: owner.token });
    expect(bots.json[0]).toMatchObject({ is_work: true, subscription: { active: false } });
    await expectRefused(owner, 'refused_no_subscription', 'Бот не входит в активную подписку');

    const renewed = await call('POST', '/api/subscription/new', {
      token: owner.token,
      body: { renew: bought.json.id },
    });
    expect(renewed.status).toBe(201);
    expect(renewed.json.status).toBe('active');
    fake.requests.length = 0;
    await say(call, owner.token, owner.botId, 'Снова работаете?');
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(1);
  });

  it('refuses when the balance is below the currency minimum (in English for an English account)', async () => {
    const { t } = engine;
    const owner = await ownerWithBot(t, instant, { currency: 'usd', language: 'en' });
    const balance = await engine.call('GET', '/api/balance', { token: owner.token });
    expect(balance.json).toMatchObject({ total_minor: 100, currency: 'usd', minimum_minor: 50 });
    // 51 cents spent elsewhere leaves 49, one cent under the minimum.
    await t.db.insert(balanceEntries).values({
      accountId: owner.accountId,
      amountMinor: -51,
      currency: 'usd',
      kind: 'adjustment',
      createdAt: t.clock.now(),
    });
    await expectRefused(owner, 'refused_low_balance', 'Not enough funds on the balance');
  });

  it('refuses outside work time in the bot’s time zone, and answers inside it', async () => {
    const { t, call, fake } = engine;
    const owner = await ownerWithBot(t, {
      ...instant,
      conditions: {
        work_time: {
          enabled: true,
          time_zone: 'Asia/Yekaterinburg',
          days: { mon: { enabled: true, from: '09:00', to: '18:00' } },
        },
      },
    });
    const saved = t.clock.now();
    // Monday 2026-01-12, 19:30 in Yekaterinburg (UTC+5).
    t.clock.set(new Date('2026-01-12T14:30:00Z'));
    try {
      await expectRefused(owner, 'refused_work_time', 'Вне рабочего времени');
      t.clock.set(new Date('2026-01-12T05:00:00Z'));
      await say(call, owner.token, owner.botId, 'Добрый день');
      await t.jobs.runDue();
      expect(fake.requests).toHaveLength(1);
    } finally {
      t.clock.set(saved);
    }
  });

  it('refuses a channel the bot does not listen on; Check is always open', async () => {
    const { t, ctx, fake } = engine;
    const owner = await ownerWithBot(t, { ...instant, conditions: { channels: ['telegram'] } });
    const inbound = {
      accountId: owner.accountId,
      botId: owner.botId,
      channel: 'onchat',
      integrationId: null,
      chatExternalId: 'visitor-1',
      author: 'customer' as const,
      text: 'Есть свободное время?',
    };
    const refused = await receiveInbound(ctx, { ...inbound, messageExternalId: 'm1' });
    expect(refused.refusal).toBe('channel');
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(0);
    const rows = await historyOf(t, owner.accountId);
    expect(rows.find((r) => r.event === 'refused_channel')).toMatchObject({
      status: 'error',
      priceMinor: 0,
      channel: 'onchat',
      chatId: refused.chat.id,
    });

    await say(engine.call, owner.token, owner.botId, 'Проверка');
    await t.jobs.runDue();
    expect(fake.requests).toHaveLength(1);
  });

  it('refuses in a chat the operator stopped, and in a paused one', async () => {
    const { t, ctx } = engine;
    const owner = await ownerWithBot(t, {
      ...instant,
      stop_logic: { stop_during_intervention: true, bot_stop_period: 'forever' },
    });
    const shown = await dialogue(engine.call, owner.token, owner.botId);
    expect(shown).toEqual({ chat_id: null, state: 'working', messages: [], answer_due_at: null });
    await say(engine.call, owner.token, owner.botId, 'Начнём');
    await t.jobs.runDue();
    const chatId = (await dialogue(engine.call, owner.token, owner.botId)).chat_id as string;
    await receiveInbound(ctx, {
      accountId: owner.accountId,
      botId: owner.botId,
      channel: 'check',
      integrationId: null,
      chatExternalId: owner.botId,
      messageExternalId: 'operator-1',
      author: 'operator',
      text: 'Здравствуйте, это менеджер',
    });
    expect((await dialogue(engine.call, owner.token, owner.botId)).state).toBe('stopped');
    engine.fake.reset();
    await expectRefused(owner, 'refused_chat_stopped', 'Бот остановлен в этом диалоге');
    expect((await dialogue(engine.call, owner.token, owner.botId)).chat_id).toBe(chatId);
  });

  it('writes one free history row per refusal and none for a redelivered message', async () => {
    const { t, ctx } = engine;
    const owner = await ownerWithBot(t, { ...instant, conditions: { channels: [] } });
    const inbound = {
      accountId: owner.accountId,
      botId: owner.botId,
      channel: 'onchat',
      integrationId: null,
      chatExternalId: 'visitor-2',
      messageExternalId: 'same-id',
      author: 'customer' as const,
      text: 'Алло',
    };
    const first = await receiveInbound(ctx, inbound);
    const again = await receiveInbound(ctx, inbound);
    expect(first.isNew).toBe(true);
    expect(again.isNew).toBe(false);
    expect(again.message.id).toBe(first.message.id);
    expect(await historyOf(t, owner.accountId)).toHaveLength(1);
    expect((await engine.call('GET', '/api/balance', { token: owner.token })).json.total_minor).toBe(10_000);
  });
});
