import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { type FakeOpenAi, startFakeOpenAi } from '../../fakes/openai';
import { type FakeTelegram, startFakeTelegram } from '../../fakes/telegram';
import { createTestApp, type TestApp } from '../../support/test-app';
import { apiClient, type Call, signedInUser } from './client';
import { createWorkingBot, fakeLlm, LLM_KEY } from './engine';

export type Owner = Awaited<ReturnType<typeof signedInUser>>;

/** Telegram as a customer and as the Bot API, around one test app and one fake Telegram server. */
export function telegramTestbed(t: TestApp, call: Call, telegram: FakeTelegram) {
  async function addTelegram(owner: Owner, token: string) {
    const created = await call('POST', '/api/integrations', {
      token: owner.token,
      body: { type: 'telegram', connection_data: { token } },
    });
    expect(created.status).toBe(201);
    return created.json.id as string;
  }

  /** An owner whose Telegram bot is connected; with `bot`, a working bot of the product answers in it. */
  async function connectedOwner(botSettings?: Record<string, unknown>) {
    const owner = await signedInUser(t);
    const tg = telegram.addBot(`salon_${crypto.randomUUID().slice(0, 8)}_bot`, 'Салон «Ромашка»');
    const integrationId = await addTelegram(owner, tg.token);
    const connected = await call('POST', `/api/integrations/connect/${integrationId}`, {
      token: owner.token,
    });
    expect(connected.status).toBe(200);
    const secret = telegram.webhookOf(tg.token)?.secretToken;
    if (!secret) throw new Error('no webhook secret registered');
    const botId = botSettings
      ? await createWorkingBot(call, owner.token, {
          conditions: { channels: [integrationId] },
          ...botSettings,
        })
      : null;
    return { owner, tg, integrationId, secret, botId, view: connected.json };
  }

  type Connected = Awaited<ReturnType<typeof connectedOwner>>;

  function postUpdate(integrationId: string, update: unknown, secret?: string, app = t.app) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (secret !== undefined) headers['x-telegram-bot-api-secret-token'] = secret;
    return app.request(`/api/webhooks/telegram/${integrationId}`, {
      method: 'POST',
      headers,
      body: typeof update === 'string' ? update : JSON.stringify(update),
    });
  }

  /** A customer writes to the bot in Telegram, and Telegram delivers the update to the webhook. */
  async function customerWrites(c: Connected, chatId: number, text: string) {
    const update = telegram.userWrites(c.tg.token, chatId, { text });
    const answer = await postUpdate(c.integrationId, update, c.secret);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({});
    return update;
  }

  return { addTelegram, connectedOwner, postUpdate, customerWrites };
}

export type TelegramTestbed = ReturnType<typeof telegramTestbed>;
export type ConnectedTelegram = Awaited<ReturnType<TelegramTestbed['connectedOwner']>>;

/**
 * One app per test file with a fake model and a fake Telegram server, and the testbed over them:
 * `app.t`, `app.call`, `app.llm`, `app.telegram`, `app.bed`. Before each test, answers still due
 * from the one before run, and the fakes forget their records.
 */
export function telegramEngineApp(publicUrl = 'https://bots.example.com') {
  const app = {} as { t: TestApp; call: Call; llm: FakeOpenAi; telegram: FakeTelegram; bed: TelegramTestbed };
  beforeAll(async () => {
    [app.llm, app.telegram] = await Promise.all([startFakeOpenAi({ apiKey: LLM_KEY }), startFakeTelegram()]);
    app.t = await createTestApp({
      llm: fakeLlm(app.llm),
      settings: { publicUrl, apiRoots: { telegram: app.telegram.url } },
    });
    app.call = apiClient(app.t);
    app.bed = telegramTestbed(app.t, app.call, app.telegram);
  });
  beforeEach(async () => {
    app.t.clock.advance(120_000);
    await app.t.jobs.runDue();
    app.llm.reset();
    app.telegram.reset();
  });
  afterAll(async () => {
    await app.t.close();
    await Promise.all([app.llm.close(), app.telegram.close()]);
  });
  return app;
}

/**
 * The product's notification bot (TELEGRAM_NOTIFY_BOT_TOKEN) on a fake Telegram, set on `t`, that
 * `recipient` wrote to once (so it may write to them); filled before the file's first test.
 */
export function notifyBotTestbed(t: () => TestApp, recipient: number) {
  const bed = {} as { telegram: FakeTelegram; token: string };
  beforeAll(async () => {
    bed.telegram = await startFakeTelegram();
    bed.token = bed.telegram.addBot('onchat_notify_bot', 'Уведомления').token;
    bed.telegram.userWrites(bed.token, recipient, { text: '/start' });
    t().settings.notifyBotToken = bed.token;
    t().settings.apiRoots = { ...t().settings.apiRoots, telegram: bed.telegram.url };
  });
  afterAll(async () => {
    await bed.telegram?.close();
  });
  return bed;
}
