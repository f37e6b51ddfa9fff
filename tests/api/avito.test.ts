import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chats, integrations, messages } from '../../db/schema';
import { type FakeAvito, startFakeAvito } from '../fakes/avito';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { createTestApp, type TestApp } from '../support/test-app';
import { type AvitoTestbed, avitoTestbed, type ConnectedAvito } from './support/avito';
import { apiClient, type Call, signedInUser } from './support/client';
import { fakeLlm, LLM_KEY } from './support/engine';

const PUBLIC_URL = 'https://bots.example.com';
const CONNECT_FAILED = 'Подключение не удалось, повторите попытку';

let t: TestApp;
let call: Call;
let llm: FakeOpenAi;
let avito: FakeAvito;
let bed: AvitoTestbed;

beforeAll(async () => {
  [llm, avito] = await Promise.all([startFakeOpenAi({ apiKey: LLM_KEY }), startFakeAvito()]);
  t = await createTestApp({
    llm: fakeLlm(llm),
    settings: { publicUrl: PUBLIC_URL, apiRoots: { avito: avito.url } },
  });
  call = apiClient(t);
  bed = avitoTestbed(t, call, avito);
});

afterAll(async () => {
  await t.close();
  await Promise.all([llm.close(), avito.close()]);
});

/** What earlier tests left waiting comes due and goes first, so each test sees only its own. */
beforeEach(async () => {
  t.clock.advance(180_000);
  await t.jobs.runDue();
  await avito.settled();
  llm.reset();
  avito.latencyMs = 0;
  avito.echoBeforeAnswer = false;
});

let chatCount = 0;
const newChatId = () => `u2i-${++chatCount}~AbCdEf${chatCount}`;

const storedMessages = async (integrationId: string) =>
  t.db
    .select({ text: messages.text, author: messages.author, externalId: messages.externalId })
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.chatId))
    .where(eq(chats.integrationId, integrationId))
    .orderBy(messages.seq);

const chatOf = async (c: ConnectedAvito, chatId: string) => {
  const [row] = await t.db
    .select()
    .from(chats)
    .where(and(eq(chats.integrationId, c.integrationId), eq(chats.externalId, chatId)));
  return row;
};

/** A buyer writes and Avito's delivery is taken (200). */
async function customerWrites(c: ConnectedAvito, chatId: string, text: string, options = {}) {
  const [delivery] = await avito.customerWrites(c.account, chatId, text, options);
  expect(delivery?.status).toBe(200);
  if (!delivery) throw new Error('not delivered');
  return delivery;
}

/** Answers come due, are sent, and Avito's echoes of them have been delivered. */
async function answersSent() {
  t.clock.advance(61_000);
  await t.jobs.runDue();
  await avito.settled();
}

const sendCalls = (c: ConnectedAvito) =>
  avito.calls.filter((one) => one.path.startsWith(`/messenger/v1/accounts/${c.account.userId}/chats/`));

describe('avito: connecting with the client id and secret', () => {
  it('checks them with a token, learns the account and subscribes an address with a random secret', async () => {
    const before = avito.calls.length;
    const c = await bed.connectedOwner();
    expect(avito.calls.slice(before).map((one) => [one.method, one.path, one.status])).toEqual([
      ['POST', '/token', 200],
      ['GET', '/core/v1/accounts/self', 200],
      ['POST', '/messenger/v3/webhook', 200],
    ]);
    expect(c.account.subscriptions).toEqual([
      `${PUBLIC_URL}/api/webhooks/avito/${c.integrationId}?secret=${c.secret}`,
    ]);
    expect(c.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(c.view).toMatchObject({
      connected: true,
      integration_account_id: 'Авто у Петровича',
      message: 'Интеграция успешно подключена',
      connection_data: {
        client_id: c.account.clientId,
        client_secret: `••••${c.account.clientSecret.slice(-4)}`,
        user_id: String(c.account.userId),
        account_name: 'Авто у Петровича',
      },
    });
    expect(c.view.connection_data).not.toHaveProperty('webhook_secret');
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, c.integrationId));
    for (const secret of [c.secret, c.account.clientSecret]) {
      expect(JSON.stringify(c.view)).not.toContain(secret);
      expect(JSON.stringify(row?.connectionData)).not.toContain(secret);
    }
  });

  it('fails with the §8 text for a wrong secret, saving and subscribing nothing; asks nothing for malformed ones', async () => {
    const owner = await signedInUser(t);
    const account = avito.addAccount();
    const id = await bed.addAvito(owner, { client_id: account.clientId, client_secret: 'W'.repeat(40) });
    const before = avito.calls.length;
    const refused = await call('POST', `/api/integrations/connect/${id}`, { token: owner.token });
    expect(refused.status).toBe(422);
    expect(refused.json).toEqual({ code: 'integration_connect_failed', message: CONNECT_FAILED });
    expect(avito.calls.slice(before).map((one) => [one.path, one.status])).toEqual([['/token', 400]]);
    expect(account.subscriptions).toEqual([]);
    const view = await call('GET', `/api/integrations/${id}`, { token: owner.token });
    expect(view.json).toMatchObject({ connected: false, integration_account_id: null });
    expect(view.json.connection_data).not.toHaveProperty('user_id');

    const quiet = avito.calls.length;
    for (const data of [
      { client_id: account.clientId },
      { client_id: 'не id', client_secret: account.clientSecret },
      { client_id: account.clientId, client_secret: 'короткий' },
    ]) {
      const other = await bed.addAvito(owner, data);
      const failed = await call('POST', `/api/integrations/connect/${other}`, { token: owner.token });
      expect(failed.json.message).toBe(CONNECT_FAILED);
    }
    expect(avito.calls).toHaveLength(quiet);
  });

  it('connecting again moves the subscription to a new secret; reset unsubscribes it', async () => {
    const c = await bed.connectedOwner();
    const again = await call('POST', `/api/integrations/connect/${c.integrationId}`, {
      token: c.owner.token,
    });
    expect(again.status).toBe(200);
    expect(c.account.subscriptions).toHaveLength(1);
    const secret = bed.secretOf(c.account, c.integrationId);
    expect(secret).not.toBe(c.secret);
    expect((await bed.postHook(c.integrationId, {}, c.secret)).status).toBe(200);
    const stale = avito.message(c.account, avito.chat(c.account, newChatId()), 1, 'text', { text: 'Алло' });
    expect((await bed.postHook(c.integrationId, stale, c.secret)).status).toBe(401);

    const reset = await call('POST', `/api/integrations/reset/${c.integrationId}`, { token: c.owner.token });
    expect(reset.json).toMatchObject({ connected: false });
    expect(Object.keys(reset.json.connection_data).sort()).toEqual(['client_id', 'client_secret']);
    expect(c.account.subscriptions).toEqual([]);
  });
});

describe('avito: the token', () => {
  it('is asked for once and kept for its lifetime, then asked for again', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    const chatId = newChatId();
    expect(avito.tokensIssued(c.account)).toBe(1);
    llm.queue({ kind: 'text', text: 'Да, в наличии.' });
    await customerWrites(c, chatId, 'Ещё актуально?');
    await answersSent();
    llm.queue({ kind: 'text', text: 'Можно в субботу.' });
    await customerWrites(c, chatId, 'Когда можно посмотреть?');
    await answersSent();
    expect(avito.sentTo(chatId)).toEqual(['Да, в наличии.', 'Можно в субботу.']);
    // Connecting's token served every call since (the sends and the chat's name).
    expect(avito.tokensIssued(c.account)).toBe(1);

    t.clock.advance(24 * 60 * 60 * 1000);
    await t.jobs.runDue();
    llm.queue({ kind: 'text', text: 'Жду вас.' });
    await customerWrites(c, chatId, 'Хорошо, приеду');
    await answersSent();
    expect(avito.sentTo(chatId)).toHaveLength(3);
    expect(avito.tokensIssued(c.account)).toBe(2);
  });

  it('a refused token is replaced once and the call repeated; a second refusal ends the send', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    const chatId = newChatId();
    await customerWrites(c, chatId, 'Добрый день');
    await answersSent();
    avito.revokeTokens(c.account);
    const before = sendCalls(c).length;
    llm.queue({ kind: 'text', text: 'Здравствуйте!' });
    await customerWrites(c, chatId, 'Вы тут?');
    await answersSent();
    expect(
      sendCalls(c)
        .slice(before)
        .map((one) => one.status),
    ).toEqual([401, 200]);
    expect(avito.sentTo(chatId).at(-1)).toBe('Здравствуйте!');
    expect(avito.tokensIssued(c.account)).toBe(2);

    // The owner replaced the secret in Avito: the new token is refused, nothing loops.
    avito.revokeTokens(c.account);
    c.account.clientSecret = 'R'.repeat(40);
    const failing = sendCalls(c).length;
    const tokens = avito.callsTo('/token').length;
    llm.queue({ kind: 'text', text: 'Не дойдёт' });
    await customerWrites(c, chatId, 'Ау?');
    await answersSent();
    expect(
      sendCalls(c)
        .slice(failing)
        .map((one) => one.status),
    ).toEqual([401]);
    expect(avito.callsTo('/token').slice(tokens)).toEqual([{ method: 'POST', path: '/token', status: 400 }]);
    expect(avito.sentTo(chatId)).not.toContain('Не дойдёт');
  });
});

describe('avito: messages', () => {
  it('answers a buyer once across redeliveries, within the webhook’s 2 s while Avito is slow, and names the chat in a job', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    const chatId = newChatId();
    avito.latencyMs = 2500;
    const quiet = avito.calls.length;
    const started = Date.now();
    const written = await customerWrites(c, chatId, 'Здравствуйте, ещё актуально?', {
      customerName: 'Ирина',
    });
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await avito.redeliver(written))[0]?.status).toBe(200);
    // The webhook asked Avito nothing: the name comes from a job.
    expect(avito.calls).toHaveLength(quiet);
    expect((await chatOf(c, chatId))?.customerName).toBeNull();
    avito.latencyMs = 0;

    llm.queue({ kind: 'text', text: 'Да, актуально!' });
    await answersSent();
    expect((await avito.redeliver(written))[0]?.status).toBe(200);
    await answersSent();
    expect(llm.requests).toHaveLength(1);
    expect(avito.sentTo(chatId)).toEqual(['Да, актуально!']);
    const rows = await storedMessages(c.integrationId);
    // Our own send came back with author_id == user_id and was not taken for a manager's.
    expect(rows.map((row) => [row.author, row.text])).toEqual([
      ['customer', 'Здравствуйте, ещё актуально?'],
      ['bot', 'Да, актуально!'],
    ]);
    const value = (written.body.payload as { value: { id: string } }).value;
    expect(rows[0]?.externalId).toBe(value.id);

    const chat = await chatOf(c, chatId);
    expect(chat?.customerName).toBe('Ирина');
    expect(chat?.channelRefs).toMatchObject({ item_title: 'Mazda 3 2008' });
    const named = avito.callsTo(`/chats/${encodeURIComponent(chatId)}`).length;
    expect(named).toBe(1);

    // The bot was not stopped by its own echo; the named chat is not asked about again.
    llm.queue({ kind: 'text', text: 'Приезжайте.' });
    await customerWrites(c, chatId, 'Можно посмотреть сегодня?', { customerName: 'Ирина' });
    await answersSent();
    expect(avito.sentTo(chatId)).toEqual(['Да, актуально!', 'Приезжайте.']);
    expect(avito.callsTo(`/chats/${encodeURIComponent(chatId)}`)).toHaveLength(named);
    const listed = await call('GET', '/api/chats', { token: c.owner.token });
    expect(listed.json.items[0]).toMatchObject({
      channel: 'avito',
      external_id: chatId,
      customer: { name: 'Ирина' },
    });
  });

  it('an echo that overtakes the send’s answer is still ours: the bot goes on', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    const chatId = newChatId();
    avito.echoBeforeAnswer = true;
    llm.queue({ kind: 'text', text: 'Добрый день!' });
    await customerWrites(c, chatId, 'Здравствуйте');
    await answersSent();
    llm.queue({ kind: 'text', text: 'Конечно.' });
    await customerWrites(c, chatId, 'А торг уместен?');
    await answersSent();
    expect(avito.sentTo(chatId)).toEqual(['Добрый день!', 'Конечно.']);
    expect((await storedMessages(c.integrationId)).map((row) => row.author)).toEqual([
      'customer',
      'bot',
      'customer',
      'bot',
    ]);
  });

  it('takes the account’s message it did not send as a manager’s: the bot stops in that chat', async () => {
    const c = await bed.connectedOwner({ accumulation_messages_seconds: 60 });
    const chatId = newChatId();
    await customerWrites(c, chatId, 'Можно поговорить с хозяином?');
    const [manager] = await avito.managerWrites(c.account, chatId, 'Здравствуйте, это Пётр');
    expect(manager?.status).toBe(200);
    await answersSent();
    expect(llm.requests).toHaveLength(0);
    expect((await storedMessages(c.integrationId)).map((row) => [row.author, row.text])).toEqual([
      ['customer', 'Можно поговорить с хозяином?'],
      ['operator', 'Здравствуйте, это Пётр'],
    ]);
    expect((await chatOf(c, chatId))?.state).not.toBe('working');
    expect(avito.sentTo(chatId)).toEqual([]);
    await customerWrites(c, chatId, 'Спасибо!');
    await answersSent();
    expect(llm.requests).toHaveLength(0);
  });

  it('does not answer Avito’s notices, shared listings, calls or chats with Avito; keeps media as a placeholder; drops NUL', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    const chatId = newChatId();
    for (const [type, content] of [
      ['system', { text: 'Покупатель оформил доставку', flow_id: 'delivery' }],
      ['item', { item: { title: 'Объявление', item_url: 'https://avito.ru/1' } }],
      ['call', { call: { status: 'missed', target_user_id: c.account.userId } }],
    ] as const) {
      const [delivery] = await avito.avitoPosts(c.account, chatId, type, content);
      expect(delivery?.status, type).toBe(200);
    }
    await customerWrites(c, newChatId(), 'Поддержка Авито', { extra: { chat_type: 'a2u' } });
    await answersSent();
    expect(await storedMessages(c.integrationId)).toEqual([]);
    expect(llm.requests).toHaveLength(0);

    llm.queue({ kind: 'text', text: 'Красивая!' });
    await customerWrites(c, chatId, '', {
      type: 'image',
      content: { image: { sizes: { '140x105': 'https://img.k.avito.ru/1.jpg' } } },
    });
    await customerWrites(c, chatId, 'Цена\u0000 окончательная?');
    await answersSent();
    expect((await storedMessages(c.integrationId)).map((row) => [row.author, row.text]).slice(0, 2)).toEqual([
      ['customer', '[image]'],
      ['customer', 'Цена окончательная?'],
    ]);

    // U+0000 in the ids too: taken, kept without it, and its chat named in a job as any other.
    const thread = avito.chat(c.account, 'u2i-nul~1');
    const body = avito.message(c.account, thread, thread.customer.id, 'text', { text: 'Здравствуйте' });
    const value = (body.payload as { value: Record<string, unknown> }).value;
    value.chat_id = 'u2i-nul\u0000~1';
    value.id = 'nul\u0000id';
    expect((await bed.postHook(c.integrationId, body, c.secret)).status).toBe(200);
    await answersSent();
    expect((await chatOf(c, 'u2i-nul~1'))?.customerName).toBe('Покупатель');
  });

  it('refuses a wrong or missing secret with 401, garbage with 400, and answers Avito’s empty check', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    const thread = avito.chat(c.account, newChatId());
    const body = avito.message(c.account, thread, thread.customer.id, 'text', { text: 'Подделка' });
    for (const secret of [undefined, '', 'wrong', `${c.secret}x`, c.secret.slice(0, -1)]) {
      expect((await bed.postHook(c.integrationId, body, secret)).status, String(secret)).toBe(401);
    }
    for (const garbage of ['not json', { nope: true }, { payload: { type: 'message', value: {} } }, []]) {
      expect((await bed.postHook(c.integrationId, garbage, c.secret)).status, JSON.stringify(garbage)).toBe(
        400,
      );
    }
    expect((await bed.postHook(c.integrationId, {}, c.secret)).status).toBe(200);
    // Another account's message (user_id) is not this integration's.
    const other = avito.addAccount();
    const foreign = avito.message(other, avito.chat(other, newChatId()), 5, 'text', { text: 'Чужое' });
    expect((await bed.postHook(c.integrationId, foreign, c.secret)).status).toBe(200);
    await answersSent();
    expect(await storedMessages(c.integrationId)).toEqual([]);
    expect(llm.requests).toHaveLength(0);
  });
});

describe('avito: sending', () => {
  it('splits a long answer at 1000 characters, in order', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    const chatId = newChatId();
    const answer = Array.from(
      { length: 5 },
      (_, i) => `Пункт ${i + 1}. ${'подробности '.repeat(40).trim()}`,
    ).join('\n\n');
    llm.queue({ kind: 'text', text: answer });
    await customerWrites(c, chatId, 'Расскажите всё про машину');
    await answersSent();
    const sent = avito.sentTo(chatId);
    expect(sent.length).toBeGreaterThanOrEqual(3);
    for (const part of sent) expect(part.length).toBeLessThanOrEqual(1000);
    expect(sent.join('\n\n')).toBe(answer);
    // None of the parts' echoes stopped the bot.
    expect((await chatOf(c, chatId))?.state).toBe('working');
  });

  it('waits out a 429 and sends the answer once', { timeout: 30_000 }, async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    const chatId = newChatId();
    llm.queue({ kind: 'text', text: 'Отвечаю.' });
    await customerWrites(c, chatId, 'Вопрос');
    avito.rateLimitSends(1, 1);
    const before = sendCalls(c).length;
    await answersSent();
    expect(
      sendCalls(c)
        .slice(before)
        .map((one) => one.status),
    ).toEqual([429, 200]);
    expect(avito.sentTo(chatId)).toEqual(['Отвечаю.']);
  });
});
