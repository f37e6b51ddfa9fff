import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { receiveInbound } from '../../functions/engine/receive';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { type FakeTelegram, startFakeTelegram } from '../fakes/telegram';
import { createTestApp, type TestApp } from '../support/test-app';
import { apiClient, type Call, signedInUser } from './support/client';
import { fakeLlm, LLM_KEY, ownerWithBot } from './support/engine';
import { type ConnectedTelegram, type TelegramTestbed, telegramTestbed } from './support/telegram';

/**
 * The Chats screen as an inbox: who the customer is (as the channel named them), unread counts that
 * opening a chat resets, and the search finding a chat by its customer.
 */

let t: TestApp;
let call: Call;
let llm: FakeOpenAi;
let telegram: FakeTelegram;
let bed: TelegramTestbed;

beforeAll(async () => {
  [llm, telegram] = await Promise.all([startFakeOpenAi({ apiKey: LLM_KEY }), startFakeTelegram()]);
  t = await createTestApp({
    llm: fakeLlm(llm),
    settings: { publicUrl: 'https://bots.example.com', apiRoots: { telegram: telegram.url } },
  });
  call = apiClient(t);
  bed = telegramTestbed(t, call, telegram);
});

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

interface Sender {
  first_name?: string;
  last_name?: string;
  username?: string;
}

/** A Telegram user writes to the connected bot; `from` is what Telegram says about them. */
async function telegramUserWrites(c: ConnectedTelegram, chatId: number, text: string, from: Sender = {}) {
  const update = telegram.userWrites(c.tg.token, chatId, { text, firstName: from.first_name }) as {
    message: { from: Record<string, unknown> };
  };
  Object.assign(update.message.from, from);
  const answer = await bed.postUpdate(c.integrationId, update, c.secret);
  expect(answer.status).toBe(200);
}

const list = async (token: string, query = '') => {
  const answer = await call('GET', `/api/chats${query}`, { token });
  expect(answer.status).toBe(200);
  return answer.json as { items: { id: string; external_id: string; unread: number; customer: unknown }[] };
};

const itemOf = async (token: string, externalId: string) => {
  const item = (await list(token)).items.find((chat) => chat.external_id === externalId);
  if (!item) throw new Error(`no chat ${externalId}`);
  return item;
};

describe('chats inbox: the customer', () => {
  it('shows the name and username Telegram sends, in the list and in the chat', async () => {
    const c = await bed.connectedOwner();
    await telegramUserWrites(c, 7001, 'Здравствуйте', {
      first_name: 'Анна',
      last_name: 'Петрова',
      username: 'anna_p',
    });
    await telegramUserWrites(c, 7002, 'Привет', { first_name: 'Борис' });
    const anna = await itemOf(c.owner.token, '7001');
    expect(anna).toMatchObject({
      channel: 'telegram',
      customer: { name: 'Анна Петрова', phone: null, username: 'anna_p' },
    });
    expect((await itemOf(c.owner.token, '7002')).customer).toEqual({
      name: 'Борис',
      phone: null,
      username: null,
    });
    const detail = await call('GET', `/api/chats/${anna.id}`, { token: c.owner.token });
    expect(detail.json.customer).toEqual({ name: 'Анна Петрова', phone: null, username: 'anna_p' });

    // A later message with a changed name replaces it; one that names nobody keeps what was known.
    await telegramUserWrites(c, 7001, 'Это снова я', { first_name: 'Аня', username: 'anna_p' });
    expect((await itemOf(c.owner.token, '7001')).customer).toMatchObject({ name: 'Аня', username: 'anna_p' });
  });

  it('has no customer details where the channel names nobody, and nothing unread in the bot check', async () => {
    const owner = await ownerWithBot(t);
    await receiveInbound(
      { ports: t.ports, settings: t.settings },
      {
        accountId: owner.accountId,
        botId: owner.botId,
        channel: 'check',
        integrationId: null,
        chatExternalId: 'anonymous',
        messageExternalId: 'anonymous-1',
        author: 'customer',
        text: 'Кто я?',
      },
    );
    const item = await itemOf(owner.token, 'anonymous');
    expect(item.customer).toEqual({ name: null, phone: null, username: null });
    // The bot check's customer is the owner trying the bot: nothing there is unread.
    expect(item.unread).toBe(0);
  });
});

describe('chats inbox: unread', () => {
  it('counts the customer’s new messages, clears them on opening, and counts the next one', async () => {
    const c = await bed.connectedOwner();
    await telegramUserWrites(c, 8001, 'Добрый день', { first_name: 'Ольга' });
    await telegramUserWrites(c, 8001, 'Вы работаете в субботу?', { first_name: 'Ольга' });
    await telegramUserWrites(c, 8002, 'Другой клиент', { first_name: 'Пётр' });
    const chat = await itemOf(c.owner.token, '8001');
    expect(chat.unread).toBe(2);
    expect((await itemOf(c.owner.token, '8002')).unread).toBe(1);

    // The owner's answer is not unread.
    const sent = await call('POST', `/api/chats/${chat.id}/messages`, {
      token: c.owner.token,
      body: { text: 'Да, с 10 до 18' },
    });
    expect(sent.status).toBe(201);
    expect((await itemOf(c.owner.token, '8001')).unread).toBe(2);

    // Another account cannot see the chat, nor mark it read.
    const stranger = await signedInUser(t);
    const foreign = await call('GET', `/api/chats/${chat.id}`, { token: stranger.token });
    expect(foreign.status).toBe(404);
    expect((await itemOf(c.owner.token, '8001')).unread).toBe(2);

    const opened = await call('GET', `/api/chats/${chat.id}`, { token: c.owner.token });
    expect(opened.status).toBe(200);
    expect(opened.json.unread).toBe(0);
    expect((await itemOf(c.owner.token, '8001')).unread).toBe(0);
    // Only the opened chat is read.
    expect((await itemOf(c.owner.token, '8002')).unread).toBe(1);

    await telegramUserWrites(c, 8001, 'А в воскресенье?', { first_name: 'Ольга' });
    expect((await itemOf(c.owner.token, '8001')).unread).toBe(1);

    // A page of older messages is not an opening: it tells the count and leaves it.
    const firstId = opened.json.messages[0].id as string;
    const older = await call('GET', `/api/chats/${chat.id}?before=${firstId}`, { token: c.owner.token });
    expect(older.status).toBe(200);
    expect(older.json.unread).toBe(1);
    expect((await itemOf(c.owner.token, '8001')).unread).toBe(1);

    expect((await call('GET', `/api/chats/${chat.id}`, { token: c.owner.token })).json.unread).toBe(0);
    expect((await itemOf(c.owner.token, '8001')).unread).toBe(0);
  });
});

describe('chats inbox: search', () => {
  it('finds a chat by its customer’s name, username or phone', async () => {
    const c = await bed.connectedOwner();
    await telegramUserWrites(c, 9001, 'Хочу записаться', {
      first_name: 'Екатерина',
      last_name: 'Смирнова',
      username: 'kate_smirnova',
    });
    await telegramUserWrites(c, 9002, 'Хочу записаться', { first_name: 'Игорь' });
    const account = (await list(c.owner.token)).items;
    const kate = account.find((chat) => chat.external_id === '9001')?.id;
    const ids = async (search: string) =>
      (await list(c.owner.token, `?search=${encodeURIComponent(search)}`)).items.map((chat) => chat.id);
    expect(await ids('смирнова')).toEqual([kate]);
    expect(await ids('Екатерина Смирнова')).toEqual([kate]);
    expect(await ids('kate_smir')).toEqual([kate]);
    expect(await ids('@kate_smirnova')).toEqual([kate]);
    expect(await ids('Хочу записаться')).toHaveLength(2);
    expect(await ids('Ольга')).toEqual([]);

    // A WhatsApp-like channel names the phone: it is found however the number is typed.
    const owner = await ownerWithBot(t);
    const { chat } = await receiveInbound(
      { ports: t.ports, settings: t.settings },
      {
        accountId: owner.accountId,
        botId: owner.botId,
        channel: 'check',
        integrationId: null,
        chatExternalId: 'wa-1',
        messageExternalId: 'wa-1-1',
        author: 'customer',
        text: 'Здравствуйте',
        customer: { name: null, phone: '79991234567' },
      },
    );
    const byPhone = async (search: string) =>
      (await list(owner.token, `?search=${encodeURIComponent(search)}`)).items.map((item) => item.id);
    expect(await byPhone('79991234567')).toEqual([chat.id]);
    expect(await byPhone('+7 (999) 123-45')).toEqual([chat.id]);
    expect(await byPhone('999 000')).toEqual([]);
    expect((await itemOf(owner.token, 'wa-1')).customer).toEqual({
      name: null,
      phone: '79991234567',
      username: null,
    });
    // The other account's search does not reach this owner's chats.
    expect(await ids('79991234567')).toEqual([]);
  });
});
