import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chats, integrations, messages } from '../../db/schema';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { type FakeTelegram, type FakeTelegramBot, startFakeTelegram } from '../fakes/telegram';
import { createTestApp, type TestApp } from '../support/test-app';
import { apiClient, type Call, signedInUser } from './support/client';
import { fakeLlm, LLM_KEY, userTexts } from './support/engine';
import { type TelegramTestbed, telegramTestbed } from './support/telegram';

const PUBLIC_URL = 'https://bots.example.com';
const CONNECT_FAILED = 'Подключение не удалось, повторите попытку';

let t: TestApp;
let call: Call;
let llm: FakeOpenAi;
let telegram: FakeTelegram;

beforeAll(async () => {
  [llm, telegram] = await Promise.all([startFakeOpenAi({ apiKey: LLM_KEY }), startFakeTelegram()]);
  t = await createTestApp({
    llm: fakeLlm(llm),
    settings: { publicUrl: PUBLIC_URL, apiRoots: { telegram: telegram.url } },
  });
  call = apiClient(t);
  bed = telegramTestbed(t, call, telegram);
});

// Answers still waiting from an earlier test come due and go first, so each test sees only its own.
beforeEach(async () => {
  t.clock.advance(120_000);
  await t.jobs.runDue();
  llm.reset();
  telegram.reset();
});

afterAll(async () => {
  await t.close();
  await Promise.all([llm.close(), telegram.close()]);
});

let bed: TelegramTestbed;

const storedMessages = async (integrationId: string) =>
  t.db
    .select({ text: messages.text, author: messages.author, externalId: messages.externalId })
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.chatId))
    .where(eq(chats.integrationId, integrationId))
    .orderBy(messages.seq);

describe('telegram: connecting a bot', () => {
  it('checks the token, registers the webhook with a random secret and keeps the bot’s username', async () => {
    const c = await bed.connectedOwner();
    const webhook = telegram.webhookOf(c.tg.token);
    expect(webhook).toEqual({
      url: `${PUBLIC_URL}/api/webhooks/telegram/${c.integrationId}`,
      secretToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      allowedUpdates: ['message'],
    });
    expect(telegram.calls.map((entry) => [entry.method, entry.status])).toEqual([
      ['getMe', 200],
      ['setWebhook', 200],
    ]);
    expect(c.view).toMatchObject({
      connected: true,
      available: true,
      integration_account_id: c.tg.username,
      message: 'Интеграция успешно подключена',
      connection_data: {
        token: `••••${c.tg.token.slice(-4)}`,
        bot_id: c.tg.id,
        bot_username: c.tg.username,
        bot_name: 'Салон «Ромашка»',
      },
    });
    expect(c.view.connection_data).not.toHaveProperty('webhook_secret');
    expect(JSON.stringify(c.view)).not.toContain(c.secret);
    expect(JSON.stringify(c.view)).not.toContain(c.tg.token);

    // Connecting again registers a new secret; the old one no longer opens the webhook.
    const again = await call('POST', `/api/integrations/connect/${c.integrationId}`, {
      token: c.owner.token,
    });
    expect(again.status).toBe(200);
    const renewed = telegram.webhookOf(c.tg.token)?.secretToken;
    expect(renewed).not.toBe(c.secret);
    const stale = await bed.postUpdate(
      c.integrationId,
      telegram.userWrites(c.tg.token, 1, { text: 'Привет' }),
      c.secret,
    );
    expect(stale.status).toBe(401);
  });

  it('fails with the §8 text for a token Telegram does not know and for a malformed one', async () => {
    const owner = await signedInUser(t);
    const unknown = await bed.addTelegram(owner, `123456:${'A'.repeat(35)}`);
    const refused = await call('POST', `/api/integrations/connect/${unknown}`, { token: owner.token });
    expect(refused.status).toBe(422);
    expect(refused.json).toEqual({ code: 'integration_connect_failed', message: CONNECT_FAILED });
    expect(telegram.calls.map((entry) => [entry.method, entry.status])).toEqual([['getMe', 401]]);

    for (const token of ['1:abc', 'not a token', '']) {
      const id = await bed.addTelegram(owner, token);
      const failed = await call('POST', `/api/integrations/connect/${id}`, { token: owner.token });
      expect(failed.status).toBe(422);
      expect(failed.json.message).toBe(CONNECT_FAILED);
    }
    expect(telegram.calls).toHaveLength(1);
    const view = await call('GET', `/api/integrations/${unknown}`, { token: owner.token });
    expect(view.json).toMatchObject({ connected: false, integration_account_id: null });
  });

  it('fails when Telegram refuses the webhook address (no HTTPS)', async () => {
    const local = await createTestApp({ settings: { apiRoots: { telegram: telegram.url } } });
    try {
      const localCall = apiClient(local);
      const owner = await signedInUser(local);
      const tg = telegram.addBot('local_bot');
      const created = await localCall('POST', '/api/integrations', {
        token: owner.token,
        body: { type: 'telegram', connection_data: { token: tg.token } },
      });
      const failed = await localCall('POST', `/api/integrations/connect/${created.json.id}`, {
        token: owner.token,
      });
      expect(failed.status).toBe(422);
      expect(failed.json.message).toBe(CONNECT_FAILED);
      expect(telegram.accepted('setWebhook', tg.token)).toHaveLength(0);
    } finally {
      await local.close();
    }
  });
});

describe('telegram: secrets in connection_data', () => {
  it('masks the token, keeps it when it comes back masked or left out, and replaces it when new', async () => {
    const c = await bed.connectedOwner();
    const { owner, integrationId, tg } = c;
    const masked = `••••${tg.token.slice(-4)}`;
    const read = await call('GET', `/api/integrations/${integrationId}`, { token: owner.token });
    expect(read.json.connection_data.token).toBe(masked);
    const listed = await call('GET', '/api/integrations', { token: owner.token });
    expect(JSON.stringify(listed.json)).not.toContain(tg.token);

    // Saving the form as it was shown (masked), without the token, or blank keeps the stored token.
    for (const connection_data of [{ token: masked, note: 'a' }, { note: 'b' }, { token: '', note: 'c' }]) {
      const saved = await call('PATCH', `/api/integrations/${integrationId}`, {
        token: owner.token,
        body: { connection_data },
      });
      expect(saved.status).toBe(200);
      expect(saved.json).toMatchObject({ connected: true, connection_data: { token: masked } });
    }
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, integrationId));
    expect(row?.connectionData.token).toMatchObject({ v: 1, tail: tg.token.slice(-4) });
    expect(JSON.stringify(row?.connectionData)).not.toContain(tg.token);

    // The server's fields cannot be set or dropped by a client.
    const forged = await call('PATCH', `/api/integrations/${integrationId}`, {
      token: owner.token,
      body: {
        connection_data: { webhook_secret: 'forged', bot_id: 1, bot_username: 'evil', connected_at: 'x' },
      },
    });
    expect(forged.json).toMatchObject({
      connected: true,
      connection_data: { token: masked, bot_id: tg.id, bot_username: tg.username },
    });
    expect((await bed.postUpdate(integrationId, { update_id: 1 }, 'forged')).status).toBe(401);
    expect((await bed.postUpdate(integrationId, { update_id: 1 }, c.secret)).status).toBe(200);
    const created = await call('POST', '/api/integrations', {
      token: owner.token,
      body: { type: 'telegram', connection_data: { token: '••••abcd', webhook_secret: 'mine', bot_id: 5 } },
    });
    expect(created.json.connection_data).toEqual({});

    // A new token replaces the old one and ends the connection: the old bot's webhook is let go of.
    const next = telegram.addBot('next_bot');
    const replaced = await call('PATCH', `/api/integrations/${integrationId}`, {
      token: owner.token,
      body: { connection_data: { token: next.token } },
    });
    expect(replaced.json).toMatchObject({
      connected: false,
      integration_account_id: null,
      connection_data: { token: `••••${next.token.slice(-4)}` },
    });
    expect(replaced.json.connection_data).not.toHaveProperty('bot_username');
    expect(telegram.accepted('deleteWebhook', tg.token)).toHaveLength(1);
    expect(telegram.webhookOf(tg.token)).toBeNull();
    const reconnected = await call('POST', `/api/integrations/connect/${integrationId}`, {
      token: owner.token,
    });
    expect(reconnected.json).toMatchObject({ connected: true, integration_account_id: 'next_bot' });
  });
});

describe('telegram: the webhook', () => {
  it('refuses a wrong or missing secret with 401 and stores nothing', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    const update = telegram.userWrites(c.tg.token, 501, { text: 'Здравствуйте' });
    for (const secret of [undefined, '', 'wrong', `${c.secret}x`, c.secret.slice(0, -1)]) {
      const answer = await bed.postUpdate(c.integrationId, update, secret);
      expect(answer.status, String(secret)).toBe(401);
      expect(await answer.json()).toMatchObject({ code: 'unauthorized' });
    }
    await t.jobs.runDue();
    expect(await storedMessages(c.integrationId)).toEqual([]);
    expect(llm.requests).toHaveLength(0);
    expect(telegram.accepted('sendMessage')).toHaveLength(0);
  });

  it('answers 404 alike for unknown, malformed, unconnected and other types’ ids', async () => {
    const c = await bed.connectedOwner();
    const stranger = await signedInUser(t);
    const notConnected = await bed.addTelegram(stranger, telegram.addBot('idle_bot').token);
    const widget = await call('POST', '/api/integrations', {
      token: stranger.token,
      body: { type: 'onchat' },
    });
    await call('POST', `/api/integrations/connect/${widget.json.id}`, { token: stranger.token });
    const update = telegram.userWrites(c.tg.token, 502, { text: 'Привет' });
    const bodies = new Set<string>();
    for (const id of [crypto.randomUUID(), 'not-a-uuid', notConnected, widget.json.id]) {
      const answer = await bed.postUpdate(id, update, c.secret);
      expect(answer.status, id).toBe(404);
      bodies.add(await answer.text());
    }
    expect([...bodies]).toEqual([JSON.stringify({ message: 'Не найдено', code: 'not_found' })]);
  });

  it('another account’s connected integration cannot be used with one’s own secret', async () => {
    const mine = await bed.connectedOwner({ process_scheme: 'instant' });
    const theirs = await bed.connectedOwner({ process_scheme: 'instant' });
    const update = telegram.userWrites(theirs.tg.token, 503, { text: 'Чужое' });
    expect((await bed.postUpdate(theirs.integrationId, update, mine.secret)).status).toBe(401);
    await t.jobs.runDue();
    expect(await storedMessages(theirs.integrationId)).toEqual([]);
    expect(await storedMessages(mine.integrationId)).toEqual([]);
  });

  it('acknowledges and drops updates of a switched-off integration', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    await call('PATCH', `/api/integrations/${c.integrationId}`, {
      token: c.owner.token,
      body: { activated: false },
    });
    await bed.customerWrites(c, 504, 'Вы работаете?');
    await t.jobs.runDue();
    expect(await storedMessages(c.integrationId)).toEqual([]);
    expect(llm.requests).toHaveLength(0);
  });

  it('ignores other update kinds and service messages; media becomes a placeholder with its caption', async () => {
    const c = await bed.connectedOwner();
    const ok = async (update: unknown) =>
      expect((await bed.postUpdate(c.integrationId, update, c.secret)).status).toBe(200);
    await ok({
      update_id: 10,
      edited_message: { message_id: 1, chat: { id: 505 }, date: 1, text: 'правка' },
    });
    await ok({
      update_id: 11,
      message: { message_id: 2, chat: { id: 505, type: 'private' }, date: 1, new_chat_title: 'x' },
    });
    await ok({ update_id: 12, callback_query: { id: '1' } });
    expect(await storedMessages(c.integrationId)).toEqual([]);

    await ok(telegram.userWrites(c.tg.token, 505, { photo: true, caption: 'Такую стрижку можно?' }));
    await ok(telegram.userWrites(c.tg.token, 505, { photo: true }));
    await ok({
      update_id: 13,
      message: {
        message_id: 3,
        chat: { id: 505 },
        date: 1,
        document: { file_id: 'x', file_name: 'прайс.pdf' },
      },
    });
    expect((await storedMessages(c.integrationId)).map((m) => m.text)).toEqual([
      '[photo] Такую стрижку можно?',
      '[photo]',
      '[document: прайс.pdf]',
    ]);

    expect((await bed.postUpdate(c.integrationId, '{not json', c.secret)).status).toBe(400);
    expect((await bed.postUpdate(c.integrationId, { message: {} }, c.secret)).status).toBe(400);
  });
});

describe('telegram: answers', () => {
  it('answers an instant bot’s customer in the same chat', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    llm.queue({ kind: 'text', text: 'Здравствуйте! Чем помочь?' });
    await bed.customerWrites(c, 601, 'Добрый день');
    // The webhook answered before the model was asked: the answer is the job's.
    expect(llm.requests).toHaveLength(0);
    await t.jobs.runDue();
    expect(telegram.sentTexts(c.tg.token, 601)).toEqual(['Здравствуйте! Чем помочь?']);
    expect((await storedMessages(c.integrationId)).map((m) => [m.author, m.text])).toEqual([
      ['customer', 'Добрый день'],
      ['bot', 'Здравствуйте! Чем помочь?'],
    ]);
  });

  it('stores a redelivered update once and answers it once', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    const update = telegram.userWrites(c.tg.token, 602, { text: 'Сколько стоит стрижка?' });
    for (let i = 0; i < 3; i++)
      expect((await bed.postUpdate(c.integrationId, update, c.secret)).status).toBe(200);
    await t.jobs.runDue();
    await bed.postUpdate(c.integrationId, update, c.secret);
    await t.jobs.runDue();
    expect(await storedMessages(c.integrationId)).toMatchObject([
      { author: 'customer', externalId: `update:${update.update_id}` },
      { author: 'bot' },
    ]);
    expect(llm.requests).toHaveLength(1);
    expect(telegram.accepted('sendMessage', c.tg.token)).toHaveLength(1);
  });

  it('answers a burst of three messages inside the accumulation window once', async () => {
    const c = await bed.connectedOwner({ accumulation_messages_seconds: 60 });
    llm.queue({ kind: 'text', text: 'Да, завтра в 10:00 свободно.' });
    await bed.customerWrites(c, 603, 'Здравствуйте');
    t.clock.advance(15_000);
    await bed.customerWrites(c, 603, 'Хочу подстричься');
    t.clock.advance(15_000);
    await bed.customerWrites(c, 603, 'Завтра утром можно?');
    t.clock.advance(59_000);
    await t.jobs.runDue();
    expect(telegram.accepted('sendMessage')).toHaveLength(0);
    t.clock.advance(1_000);
    await t.jobs.runDue();
    expect(llm.requests).toHaveLength(1);
    expect(userTexts(llm.bodies[0])).toEqual(['Здравствуйте', 'Хочу подстричься', 'Завтра утром можно?']);
    expect(telegram.sentTexts(c.tg.token, 603)).toEqual(['Да, завтра в 10:00 свободно.']);
  });

  it('splits a long answer into messages of at most 4096 characters, in order', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    const paragraphs = Array.from(
      { length: 9 },
      (_, i) => `Пункт ${i + 1}. ${'подробности '.repeat(80).trim()}`,
    );
    const answer = paragraphs.join('\n\n');
    expect(answer.length).toBeGreaterThan(8192);
    llm.queue({ kind: 'text', text: answer });
    await bed.customerWrites(c, 604, 'Расскажите всё');
    await t.jobs.runDue();
    const sent = telegram.sentTexts(c.tg.token, 604);
    expect(sent).toHaveLength(3);
    for (const part of sent) expect(part.length).toBeLessThanOrEqual(4096);
    expect(sent.join('\n\n')).toBe(answer);
    expect(sent[0]?.startsWith('Пункт 1.')).toBe(true);
    expect(sent.every((part) => part.startsWith('Пункт'))).toBe(true);
  });

  it('waits out Telegram’s flood control (429 retry_after) and then delivers', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    llm.queue({ kind: 'text', text: 'Записала вас.' });
    await bed.customerWrites(c, 605, 'Запишите меня');
    telegram.failNext('sendMessage', 1, 1);
    await t.jobs.runDue();
    const attempts = telegram.calls.filter((entry) => entry.method === 'sendMessage');
    expect(attempts.map((entry) => entry.status)).toEqual([429, 200]);
    const [first, second] = attempts;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect(telegram.sentTexts(c.tg.token, 605)).toEqual(['Записала вас.']);
  });

  it('sends the operator’s answer from the chats screen through the bot', async () => {
    const c = await bed.connectedOwner({ accumulation_messages_seconds: 60 });
    await bed.customerWrites(c, 606, 'Можно поговорить с администратором?');
    const [chat] = await t.db
      .select()
      .from(chats)
      .where(and(eq(chats.integrationId, c.integrationId), eq(chats.externalId, '606')));
    if (!chat) throw new Error('no chat');
    const sent = await call('POST', `/api/chats/${chat.id}/messages`, {
      token: c.owner.token,
      body: { text: 'Здравствуйте, это Анна, администратор.' },
    });
    expect(sent.status).toBe(201);
    expect(telegram.sentTexts(c.tg.token, 606)).toEqual(['Здравствуйте, это Анна, администратор.']);
    // The operator took over (stop during intervention): the bot does not answer too.
    t.clock.advance(60_000);
    await t.jobs.runDue();
    expect(llm.requests).toHaveLength(0);
    expect(telegram.accepted('sendMessage', c.tg.token)).toHaveLength(1);
  });

  it('keeps a failed delivery stored and does not retry it', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    await bed.customerWrites(c, 607, 'Привет');
    // Telegram asks for a longer wait than a job may spend: the send fails, and is not sent again.
    telegram.failNext('sendMessage', 5, 60);
    await t.jobs.runDue();
    expect(telegram.calls.filter((entry) => entry.method === 'sendMessage').map((e) => e.status)).toEqual([
      429,
    ]);
    expect((await storedMessages(c.integrationId)).map((m) => m.author)).toEqual(['customer', 'bot']);
    t.clock.advance(600_000);
    await t.jobs.runDue();
    expect(telegram.calls.filter((entry) => entry.method === 'sendMessage')).toHaveLength(1);
  });
});

describe('telegram: reset and delete', () => {
  it('reset deletes the webhook, forgets the bot and keeps the token', async () => {
    const c = await bed.connectedOwner();
    const reset = await call('POST', `/api/integrations/reset/${c.integrationId}`, { token: c.owner.token });
    expect(reset.status).toBe(200);
    expect(telegram.accepted('deleteWebhook', c.tg.token)).toHaveLength(1);
    expect(telegram.webhookOf(c.tg.token)).toBeNull();
    expect(reset.json).toMatchObject({
      connected: false,
      integration_account_id: null,
      connection_data: { token: `••••${c.tg.token.slice(-4)}` },
    });
    expect(Object.keys(reset.json.connection_data)).toEqual(['token']);
    expect((await bed.postUpdate(c.integrationId, { update_id: 1 }, c.secret)).status).toBe(404);

    // Resetting what is not connected asks nothing of Telegram.
    await call('POST', `/api/integrations/reset/${c.integrationId}`, { token: c.owner.token });
    expect(telegram.accepted('deleteWebhook')).toHaveLength(1);
  });

  it('delete deletes the webhook; a Telegram failure does not block it', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    const deleted = await call('DELETE', `/api/integrations/${c.integrationId}?confirm=true`, {
      token: c.owner.token,
    });
    expect(deleted.status).toBe(204);
    expect(telegram.accepted('deleteWebhook', c.tg.token)).toHaveLength(1);
    expect(telegram.webhookOf(c.tg.token)).toBeNull();

    const other = await bed.connectedOwner();
    telegram.failNext('deleteWebhook', 5, 120);
    const despite = await call('DELETE', `/api/integrations/${other.integrationId}`, {
      token: other.owner.token,
    });
    expect(despite.status).toBe(204);
    expect(
      (await call('GET', `/api/integrations/${other.integrationId}`, { token: other.owner.token })).status,
    ).toBe(404);
  });
});

describe('telegram: the Bot API client against the fake', () => {
  it('sends photos and documents by URL and by upload, and surfaces Telegram’s description', async () => {
    const { TelegramApiError, TelegramClient } = await import('../../functions/integrations/telegram/api');
    const tg: FakeTelegramBot = telegram.addBot('media_bot');
    const client = new TelegramClient(tg.token, { apiRoot: telegram.url });
    telegram.userWrites(tg.token, 701, { text: '/start' });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(
      await client.sendPhoto(701, { data: png, filename: 'haircut.png' }, 'Пример стрижки'),
    ).toBeGreaterThan(0);
    expect(await client.sendPhoto('701', 'https://example.com/a.jpg')).toBeGreaterThan(0);
    const pdf = new TextEncoder().encode('%PDF-1.4 price list');
    expect(await client.sendDocument(701, { data: pdf, filename: 'price.pdf' }, 'Прайс')).toBeGreaterThan(0);
    const [photo, byUrl, document] = telegram
      .accepted('sendPhoto', tg.token)
      .concat(telegram.accepted('sendDocument', tg.token));
    expect(Object.values(photo?.files ?? {})).toEqual([
      { filename: 'haircut.png', type: expect.any(String), size: 8 },
    ]);
    expect(photo?.params.caption).toBe('Пример стрижки');
    expect(byUrl?.params.photo).toBe('https://example.com/a.jpg');
    expect(Object.values(document?.files ?? {})).toMatchObject([{ filename: 'price.pdf', size: pdf.length }]);

    const failure = await client.sendMessage(999, 'кому?').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TelegramApiError);
    expect(failure).toMatchObject({ description: 'Bad Request: chat not found', errorCode: 400 });
    const empty = await client.sendMessage(701, ' ').catch((error: unknown) => error);
    expect(empty).toMatchObject({ description: 'Bad Request: message text is empty' });
    const long = await client.sendMessage(701, 'я'.repeat(4097)).catch((error: unknown) => error);
    expect(long).toMatchObject({ description: 'Bad Request: message is too long' });
    const missing = await client.sendPhoto(701, '').catch((error: unknown) => error);
    expect(missing).toMatchObject({ description: 'Bad Request: there is no photo in the request' });
  });
});
