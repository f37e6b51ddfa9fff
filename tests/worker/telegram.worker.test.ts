import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { integrations, messages as messagesTable } from '../../db/schema';
import { RESPOND_JOB } from '../../functions/engine/job-names';
import { jobUrl } from '../../functions/ports/jobs-qstash';
import type { PublishedMessage } from '../fakes/qstash';
import type { FakeTelegramBot, FakeTelegramCall, FakeWebhook } from '../fakes/telegram';
import { call, signedIn } from './support/api';
import { withDb } from './support/db';

/** global-setup.ts points the Worker at the fake Telegram; its `/__fake/...` endpoints live there too. */
const telegramApi = env.TELEGRAM_API_ROOT;

async function fake<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${telegramApi}/__fake/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`fake Telegram ${path}: ${response.status} ${await response.text()}`);
  return response.json<T>();
}

const fakeTelegram = {
  addBot: async (username: string, firstName?: string) =>
    (await fake<{ bot: FakeTelegramBot }>('bots', { username, first_name: firstName })).bot,
  webhookOf: async (token: string) =>
    (await fake<{ webhook: FakeWebhook | null }>(`webhook?token=${encodeURIComponent(token)}`)).webhook,
  calls: async (token: string) =>
    (await fake<{ calls: FakeTelegramCall[] }>(`calls?token=${encodeURIComponent(token)}`)).calls,
  accepted: async (method: string, token: string) =>
    (
      await fake<{ calls: FakeTelegramCall[] }>(
        `accepted?method=${method}&token=${encodeURIComponent(token)}`,
      )
    ).calls,
  userWrites: async (token: string, chatId: number, text: string) =>
    (await fake<{ update: Record<string, unknown> }>('updates', { token, chat_id: chatId, text })).update,
};

/** Telegram POSTs an Update to the webhook it was given, with the registered secret in a header. */
function postUpdate(url: string, update: unknown, secret?: string): Promise<Response> {
  const headers = new Headers({ 'content-type': 'application/json' });
  if (secret !== undefined) headers.set('x-telegram-bot-api-secret-token', secret);
  return SELF.fetch(url, { method: 'POST', headers, body: JSON.stringify(update) });
}

interface ChatItem {
  id: string;
  channel: string;
  external_id: string;
  bot: { id: string } | null;
  last_message: { text: string; author: string } | null;
}

describe('the Telegram channel in the production shape (grammY web build, Neon)', () => {
  it('connects a bot, takes its updates behind the secret and sends the operator’s answer', async () => {
    const token = await signedIn();
    const tg = await fakeTelegram.addBot(`worker_${crypto.randomUUID().slice(0, 8)}_bot`, 'Worker salon');

    const created = await call<{ id: string }>('POST', '/api/integrations', {
      token,
      body: { type: 'telegram', connection_data: { token: tg.token } },
    });
    expect(created.status).toBe(201);
    const integrationId = created.json.id;
    const bot = await call<{ id: string }>('POST', '/api/bot', {
      token,
      body: {
        name: 'Worker telegram bot',
        system_prompt: 'You are a helpful assistant.',
        accumulation_messages_seconds: 60,
        conditions: { channels: [integrationId] },
      },
    });
    expect(bot.status).toBe(201);
    expect((await call('PATCH', `/api/bot/${bot.json.id}`, { token, body: { is_work: true } })).status).toBe(
      200,
    );

    // Connecting: getMe checks the token, setWebhook points the bot at this Worker with a fresh secret.
    const connected = await call('POST', `/api/integrations/connect/${integrationId}`, { token });
    expect(connected.status).toBe(200);
    expect(connected.json).toMatchObject({
      connected: true,
      integration_account_id: tg.username,
      connection_data: { bot_id: tg.id, bot_username: tg.username, bot_name: 'Worker salon' },
    });
    expect((await fakeTelegram.calls(tg.token)).map((entry) => [entry.method, entry.status])).toEqual([
      ['getMe', 200],
      ['setWebhook', 200],
    ]);
    const webhook = await fakeTelegram.webhookOf(tg.token);
    expect(webhook).toEqual({
      url: `${env.PUBLIC_URL}/api/webhooks/telegram/${integrationId}`,
      secretToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      allowedUpdates: ['message'],
    });
    if (!webhook?.secretToken) throw new Error('no webhook secret registered');
    expect(JSON.stringify(connected.json)).not.toContain(webhook.secretToken);
    // Both credentials are sealed under SECRETS_KEY with WebCrypto inside workerd, never stored plain.
    const stored = await withDb(async (db) => {
      const [row] = await db.select().from(integrations).where(eq(integrations.id, integrationId));
      return JSON.stringify(row?.connectionData);
    });
    expect(stored).toContain('"ct"');
    expect(stored).not.toContain(tg.token);
    expect(stored).not.toContain(webhook.secretToken);

    // A customer writes; Telegram delivers the Update to the registered URL with the secret.
    const update = await fakeTelegram.userWrites(tg.token, 4242, 'Hello from Telegram');
    const wrong = await postUpdate(webhook.url, update, `${webhook.secretToken}x`);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ code: 'unauthorized' });
    expect((await postUpdate(webhook.url, update)).status).toBe(401);
    expect((await call<{ total: number }>('GET', '/api/chats', { token })).json.total).toBe(0);

    const taken = await postUpdate(webhook.url, update, webhook.secretToken);
    expect(taken.status).toBe(200);
    expect(await taken.json()).toEqual({});
    const listed = await call<{ total: number; items: ChatItem[] }>('GET', '/api/chats', { token });
    expect(listed.status).toBe(200);
    expect(listed.json.total).toBe(1);
    const [chat] = listed.json.items;
    expect(chat).toMatchObject({
      channel: 'telegram',
      external_id: '4242',
      bot: { id: bot.json.id },
      last_message: { text: 'Hello from Telegram', author: 'customer' },
    });
    if (!chat) throw new Error('no chat');

    // The bot's answer is the engine's respond job, published to QStash with the accumulation delay.
    const published = await fetch(`${env.QSTASH_URL}/__fake/messages`);
    const { messages } = await published.json<{ messages: PublishedMessage[] }>();
    const job = messages.find(
      (message) =>
        message.destination === jobUrl(env.PUBLIC_URL, RESPOND_JOB) && message.body.includes(chat.id),
    );
    expect(job).toMatchObject({ delay: '60s' });

    // QStash is down while the next message comes: the webhook answers 5xx, so Telegram keeps the
    // update and redelivers it; the redelivery, with QStash back, schedules the answer.
    await fetch(`${env.QSTASH_URL}/__fake/fail-publish`, {
      method: 'POST',
      body: JSON.stringify({ count: 100 }),
    });
    const second = await fakeTelegram.userWrites(tg.token, 4242, 'Are you there?');
    expect((await postUpdate(webhook.url, second, webhook.secretToken)).status).toBe(500);
    await fetch(`${env.QSTASH_URL}/__fake/fail-publish`, {
      method: 'POST',
      body: JSON.stringify({ count: 0 }),
    });
    expect((await postUpdate(webhook.url, second, webhook.secretToken)).status).toBe(200);
    const republished = await (await fetch(`${env.QSTASH_URL}/__fake/messages`)).json<{
      messages: PublishedMessage[];
    }>();
    const chatMessages = await withDb((db) =>
      db.select().from(messagesTable).where(eq(messagesTable.chatId, chat.id)),
    );
    const secondId = chatMessages.find((message) => message.text === 'Are you there?')?.id;
    expect(secondId).toBeDefined();
    expect(
      republished.messages.filter((message) => message.body.includes(`"upToMessageId":"${secondId}"`)),
    ).toHaveLength(1);

    // Telegram redelivers the same Update: stored once.
    expect((await postUpdate(webhook.url, update, webhook.secretToken)).status).toBe(200);

    // The operator answers from the chats screen (the Worker has no model endpoint for the bot's):
    // the message goes out through sendMessage to the customer's chat.
    const sent = await call('POST', `/api/chats/${chat.id}/messages`, {
      token,
      body: { text: 'Hi, this is Anna, the administrator.' },
    });
    expect(sent.status).toBe(201);
    const deliveries = await fakeTelegram.accepted('sendMessage', tg.token);
    expect(deliveries.map((entry) => [String(entry.params.chat_id), entry.params.text])).toEqual([
      ['4242', 'Hi, this is Anna, the administrator.'],
    ]);

    const shown = await call<{ messages: { author: string; text: string }[] }>(
      'GET',
      `/api/chats/${chat.id}`,
      { token },
    );
    expect(shown.json.messages.map((message) => [message.author, message.text])).toEqual([
      ['customer', 'Hello from Telegram'],
      ['customer', 'Are you there?'],
      ['operator', 'Hi, this is Anna, the administrator.'],
    ]);
  });
});
