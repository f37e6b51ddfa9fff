import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiChannelCallbacks, chats, integrations, messages } from '../../db/schema';
import { callbackTimeout, deliverCallback } from '../../functions/integrations/api-channel/deliver-job';
import { queueCallback } from '../../functions/integrations/api-channel/outbox';
import { API_CHANNEL_ATTEMPTS, API_CHANNEL_BACKOFF_SECONDS } from '../../functions/shared/api-channel';
import { type FakeApiChannelClient, signBody, startFakeApiChannelClient } from '../fakes/api-channel-client';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { createTestApp, type TestApp } from '../support/test-app';
import { type ApiChannelTestbed, apiChannelTestbed, type ConnectedApiChannel } from './support/api-channel';
import { apiClient, type Call, signedInUser } from './support/client';
import { fakeLlm, LLM_KEY } from './support/engine';

let t: TestApp;
let llm: FakeOpenAi;
let client: FakeApiChannelClient;
let bed: ApiChannelTestbed;
let call: Call;

const INSTANT = { process_scheme: 'instant' };

beforeAll(async () => {
  llm = await startFakeOpenAi({ apiKey: LLM_KEY });
  t = await createTestApp({
    llm: fakeLlm(llm),
    settings: { publicUrl: 'https://bots.example.com', allowPrivateAddresses: true },
  });
  call = apiClient(t);
  client = await startFakeApiChannelClient((path, init) => Promise.resolve(t.app.request(path, init)));
  bed = apiChannelTestbed(t, call, client);
});

afterAll(async () => {
  await t.close();
  await Promise.all([llm.close(), client.close()]);
});

beforeEach(async () => {
  t.clock.advance(3 * 60 * 60 * 1000);
  await t.jobs.runDue();
  llm.reset();
  client.answerAlways({ kind: 'ok' });
});

/** Lets every answer and every callback that is due run. */
async function settle(ms = 61_000) {
  t.clock.advance(ms);
  await t.jobs.runDue();
}

let chatNo = 0;
const newChat = () => `chat-${++chatNo}`;

const callbacksOf = (integrationId: string) =>
  t.db.select().from(apiChannelCallbacks).where(eq(apiChannelCallbacks.integrationId, integrationId));

async function storedChat(c: ConnectedApiChannel, chat: string) {
  const [row] = await t.db
    .select()
    .from(chats)
    .where(and(eq(chats.integrationId, c.integrationId), eq(chats.externalId, chat)));
  return row;
}

describe('api channel: connecting and the secret', () => {
  it('will not connect without a callback URL, nor save one that is not a web address', async () => {
    const owner = await signedInUser(t);
    const none = await bed.addApiChannel(owner, null);
    const refused = await call('POST', `/api/integrations/connect/${none}`, { token: owner.token });
    expect(refused.status).toBe(422);

    const garbage = await call('POST', '/api/integrations', {
      token: owner.token,
      body: { type: 'api_channel', connection_data: { callback_url: 'ftp://example.com/x' } },
    });
    expect(garbage.status).toBe(422);
    expect(garbage.json.fields).toHaveProperty('connection_data.callback_url');
  });

  it('shows the secret once, never in the integration, and a rotated one replaces it at once', async () => {
    const c = await bed.connectedOwner(INSTANT);
    expect(c.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await call('GET', `/api/integrations/${c.integrationId}/signing-secret`, {
      token: c.owner.token,
    });
    expect(again.json).toEqual({ secret: null });
    const view = await call('GET', `/api/integrations/${c.integrationId}`, { token: c.owner.token });
    expect(JSON.stringify(view.json)).not.toContain(c.secret);
    expect(view.json.connection_data).toMatchObject({ callback_url: client.callbackUrl });
    expect(view.json.connection_data).not.toHaveProperty('signing_secret');

    const rotated = await call('POST', `/api/integrations/${c.integrationId}/signing-secret`, {
      token: c.owner.token,
    });
    expect(rotated.status).toBe(200);
    expect(rotated.json.secret).not.toBe(c.secret);
    const chat = newChat();
    expect((await client.send(c.integrationId, { chat_id: chat, text: 'Старый ключ' })).status).toBe(401);
    client.trustSecret(c.integrationId, rotated.json.secret);
    expect((await client.send(c.integrationId, { chat_id: chat, text: 'Новый ключ' })).status).toBe(200);
    // Reconnecting keeps the secret the client signs with.
    await call('POST', `/api/integrations/connect/${c.integrationId}`, { token: c.owner.token });
    expect((await client.send(c.integrationId, { chat_id: chat, text: 'Ещё раз' })).status).toBe(200);
  });
});

describe('api channel: an installation that allows public https addresses only', () => {
  it('will not connect to a private or plain-http callback, nor send to one set after connecting', async () => {
    const strict = await createTestApp({ settings: { publicUrl: 'https://bots.example.com' } });
    try {
      const strictCall = apiClient(strict);
      const owner = await signedInUser(strict);
      const connectWith = async (url: string) => {
        const created = await strictCall('POST', '/api/integrations', {
          token: owner.token,
          body: { type: 'api_channel', connection_data: { callback_url: url } },
        });
        return strictCall('POST', `/api/integrations/connect/${created.json.id}`, { token: owner.token });
      };
      expect((await connectWith(client.callbackUrl)).status).toBe(422);
      expect((await connectWith('https://10.0.0.5/callbacks')).status).toBe(422);
      expect((await connectWith('http://hooks.example.com/callbacks')).status).toBe(422);
      const ok = await connectWith('https://hooks.example.com/callbacks');
      expect(ok.status).toBe(200);
      // The owner points it at an internal address afterwards: the send refuses, nothing is fetched.
      await strictCall('PATCH', `/api/integrations/${ok.json.id}`, {
        token: owner.token,
        body: { connection_data: { callback_url: 'https://169.254.169.254/latest' } },
      });
      const [row] = await strict.db.select().from(integrations).where(eq(integrations.id, ok.json.id));
      if (!row) throw new Error('no integration');
      await queueCallback(strict.ports, row, {
        eventId: 'e-1',
        event: 'message',
        chatExternalId: 'c-1',
        fields: { message: { text: 'x' } },
      });
      await strict.jobs.runDue();
      const [dead] = await strict.db.select().from(apiChannelCallbacks);
      expect(dead).toMatchObject({
        state: 'dead',
        attempts: 1,
        lastError: expect.stringMatching(/not allowed/),
      });
    } finally {
      await strict.close();
    }
  });
});

describe('api channel: inbound', () => {
  it('refuses a missing, a wrong and a stale signature, and a body changed after signing', async () => {
    const c = await bed.connectedOwner(INSTANT);
    const chat = newChat();
    const body = JSON.stringify({ chat_id: chat, message_id: 'm-1', text: 'Здравствуйте' });
    expect((await client.send(c.integrationId, {} as never, { raw: body, signature: null })).status).toBe(
      401,
    );
    expect(
      (await client.send(c.integrationId, {} as never, { raw: body, signature: `sha256=${'0'.repeat(64)}` }))
        .status,
    ).toBe(401);
    expect(
      (
        await client.send(c.integrationId, {} as never, {
          raw: body,
          signature: signBody(c.secret, `${body} `),
        })
      ).status,
    ).toBe(401);
    expect((await client.send(c.integrationId, {} as never, { raw: body })).status).toBe(200);
    await settle();
    expect(client.textsTo(chat)).toHaveLength(1);
  });

  it('verifies the bytes as sent: Cyrillic, escaped or not, and spacing are the signer’s', async () => {
    const c = await bed.connectedOwner(INSTANT);
    const chat = newChat();
    const raw = `{ "chat_id": "${chat}",\n  "message_id": "m-esc", "text": "\\u041f\\u0440\\u0438\\u0432\\u0435\\u0442" }`;
    expect((await client.send(c.integrationId, {} as never, { raw })).status).toBe(200);
    const [row] = await t.db
      .select({ text: messages.text })
      .from(messages)
      .innerJoin(chats, eq(chats.id, messages.chatId))
      .where(eq(chats.externalId, chat));
    expect(row?.text).toBe('Привет');
  });

  it('answers a message id once however often and however concurrently it is posted', async () => {
    const c = await bed.connectedOwner(INSTANT);
    const chat = newChat();
    const message = { chat_id: chat, message_id: 'order-77', text: 'Сколько стоит доставка?' };
    const statuses = await Promise.all([1, 2, 3].map(() => client.send(c.integrationId, message)));
    expect(statuses.map((answer) => answer.status)).toEqual([200, 200, 200]);
    await settle();
    expect((await client.send(c.integrationId, message)).status).toBe(200);
    await settle();
    expect(client.textsTo(chat)).toHaveLength(1);
    expect(llm.requests.filter((request) => request.path.endsWith('/chat/completions'))).toHaveLength(1);
  });

  it('answers 400 for a body that is not JSON and 422 naming the fields out of the contract', async () => {
    const c = await bed.connectedOwner(INSTANT);
    expect((await client.send(c.integrationId, {} as never, { raw: 'chat_id=1' })).status).toBe(400);
    const bad = await client.send(c.integrationId, {
      chat_id: '',
      author: 'robot' as never,
      text: 'x'.repeat(10_001),
    });
    expect(bad.status).toBe(422);
    const answer = (await bad.json()) as { code: string; fields: Record<string, string> };
    expect(answer.code).toBe('validation_failed');
    expect(Object.keys(answer.fields).sort()).toEqual(['author', 'chat_id', 'text']);
    const empty = await client.send(c.integrationId, { chat_id: newChat(), text: '  ' });
    expect(empty.status).toBe(422);
    const file = await client.send(c.integrationId, {
      chat_id: newChat(),
      attachments: [{ url: 'javascript:alert(1)' }],
    });
    expect(file.status).toBe(422);
  });

  it('keeps a message with U+0000 in its ids and text, without it, and keeps files as links', async () => {
    const c = await bed.connectedOwner(INSTANT);
    const chat = newChat();
    const sent = await client.send(c.integrationId, {
      chat_id: `${chat}\u0000`,
      message_id: 'nul\u0000-1',
      text: 'Фото\u0000 заказа',
      customer: { name: 'Ann\u0000a', phone: '+79990001122' },
      attachments: [{ url: 'https://files.example.com/a.jpg', name: 'a.jpg', content_type: 'image/jpeg' }],
    });
    expect(sent.status).toBe(200);
    const row = await storedChat(c, chat);
    expect(row?.customerName).toBe('Anna');
    const [stored] = await t.db
      .select()
      .from(messages)
      .where(eq(messages.chatId, row?.id ?? ''));
    expect(stored).toMatchObject({
      externalId: 'nul-1',
      text: 'Фото заказа\n[a.jpg] https://files.example.com/a.jpg',
    });
  });
});

describe('api channel: operators and stops', () => {
  it('an operator’s message stops the bot and the system is told; our own reply echoed back does not', async () => {
    const c = await bed.connectedOwner({
      ...INSTANT,
      stop_logic: { stop_during_intervention: true, bot_stop_period: 'forever' },
    });
    const chat = newChat();
    await client.send(c.integrationId, { chat_id: chat, text: 'Здравствуйте' });
    await settle();
    const [reply] = client.eventsOf(chat);
    expect(reply?.message?.author).toBe('bot');

    // The system mirrors our reply back as its operator's message: the same id, ignored.
    const echo = { chat_id: chat, message_id: reply?.message?.id, author: 'operator' as const, text: 'эхо' };
    expect((await client.send(c.integrationId, echo)).status).toBe(200);
    expect((await storedChat(c, chat))?.state).toBe('working');

    const operator = { chat_id: chat, message_id: 'op-1', author: 'operator' as const, text: 'Я помогу' };
    expect((await client.send(c.integrationId, operator)).status).toBe(200);
    expect((await client.send(c.integrationId, operator)).status).toBe(200);
    expect((await storedChat(c, chat))?.state).toBe('stopped');
    await settle();
    const stops = client.eventsOf(chat).filter((event) => event.event === 'chat.stopped');
    expect(stops).toEqual([
      expect.objectContaining({ stopped_by: 'operator', message_id: 'op-1', state: 'stopped' }),
    ]);

    await client.send(c.integrationId, { chat_id: chat, text: 'Ещё вопрос' });
    await settle();
    expect(client.textsTo(chat)).toHaveLength(1);
  });

  it('a conversation’s events go out in the order written, whichever job is taken first', async () => {
    const c = await bed.connectedOwner();
    const [integration] = await t.db.select().from(integrations).where(eq(integrations.id, c.integrationId));
    if (!integration) throw new Error('no integration');
    const chat = newChat();
    // A reply and the stop it caused, written at the same moment, as the channel's sender writes them.
    await queueCallback(t.ports, integration, {
      eventId: 'reply-1',
      event: 'message',
      chatExternalId: chat,
      fields: { message: { id: 'reply-1', author: 'bot', text: 'Зову администратора.' } },
    });
    await queueCallback(t.ports, integration, {
      eventId: 'stop:bot:reply-1',
      event: 'chat.stopped',
      chatExternalId: chat,
      fields: { stopped_by: 'bot', message_id: 'reply-1', state: 'paused' },
    });
    // The stop's job runs first (QStash promises no order between messages): the reply goes first.
    const [stop] = await t.db
      .select()
      .from(apiChannelCallbacks)
      .where(
        and(
          eq(apiChannelCallbacks.integrationId, c.integrationId),
          eq(apiChannelCallbacks.event, 'chat.stopped'),
        ),
      );
    if (!stop) throw new Error('no stop callback');
    await deliverCallback(t.ports, t.settings, stop.id);
    expect(client.eventsOf(chat).map((event) => event.event)).toEqual(['message', 'chat.stopped']);
    // The reply's own job finds it sent: each went out once.
    await settle(1_000);
    const sent = await t.db
      .select({
        event: apiChannelCallbacks.event,
        attempts: apiChannelCallbacks.attempts,
        state: apiChannelCallbacks.state,
      })
      .from(apiChannelCallbacks)
      .where(eq(apiChannelCallbacks.integrationId, c.integrationId));
    expect(sent.sort((a, b) => a.event.localeCompare(b.event))).toEqual([
      { event: 'chat.stopped', attempts: 1, state: 'delivered' },
      { event: 'message', attempts: 1, state: 'delivered' },
    ]);
  });

  it('the bot’s own stop goes out after its reply', async () => {
    const c = await bed.connectedOwner({
      ...INSTANT,
      actions_enable: true,
      actions: [
        {
          name: 'Позвать человека',
          description: 'Останавливает бота',
          goal_prompt: 'Когда клиент просит человека',
          type: 'stop_bot',
          settings: { period: 'for_time', seconds: 1800 },
        },
      ],
    });
    llm.queue({
      kind: 'tool_calls',
      text: 'Зову администратора.',
      calls: [{ name: 'stop_bot_1', arguments: { reason: 'просит человека' } }],
    });
    const chat = newChat();
    await client.send(c.integrationId, { chat_id: chat, text: 'Позовите человека' });
    await settle(1_000);
    expect(
      client.eventsOf(chat).map((event) => [event.event, event.stopped_by ?? event.message?.author]),
    ).toEqual([
      ['message', 'bot'],
      ['chat.stopped', 'bot'],
    ]);
    expect(client.eventsOf(chat)[1]).toMatchObject({ state: 'paused' });
  });
});

describe('api channel: callbacks', () => {
  it('signs each callback over its bytes with the integration’s secret and names the event', async () => {
    const c = await bed.connectedOwner(INSTANT);
    const chat = newChat();
    const before = client.requests.length;
    await client.send(c.integrationId, { chat_id: chat, text: 'Добрый день' });
    await settle();
    const [request] = client.requests.slice(before);
    expect(request?.status).toBe(200);
    expect(request?.headers['x-signature']).toBe(signBody(c.secret, request?.body ?? ''));
    const event = JSON.parse(request?.body ?? '{}');
    expect(request?.headers['x-event-id']).toBe(event.event_id);
    expect(event).toMatchObject({
      event: 'message',
      integration_id: c.integrationId,
      chat_id: chat,
      message: { author: 'bot', attachments: [] },
    });
    expect(client.forged).toHaveLength(0);
  });

  it('retries 5xx answers and timeouts with backoff, and the event arrives once', async () => {
    const c = await bed.connectedOwner(INSTANT);
    const chat = newChat();
    callbackTimeout.ms = 300;
    try {
      client.answerNext({ kind: 'status', status: 503 }, { kind: 'hang' }, { kind: 'status', status: 500 });
      await client.send(c.integrationId, { chat_id: chat, text: 'Есть размер M?' });
      await settle();
      expect(client.textsTo(chat)).toEqual([]);
      const [first] = await callbacksOf(c.integrationId);
      expect(first).toMatchObject({
        state: 'pending',
        attempts: 1,
        lastError: expect.stringMatching(/^HTTP 503/),
      });
      // Nothing before the backoff runs out.
      await settle((API_CHANNEL_BACKOFF_SECONDS[0] ?? 0) * 1000 - 1_000);
      expect((await callbacksOf(c.integrationId))[0]?.attempts).toBe(1);
      await settle(1_000);
      expect((await callbacksOf(c.integrationId))[0]).toMatchObject({
        attempts: 2,
        lastError: expect.stringMatching(/^no answer within/),
      });
      await settle((API_CHANNEL_BACKOFF_SECONDS[1] ?? 0) * 1000);
      await settle((API_CHANNEL_BACKOFF_SECONDS[2] ?? 0) * 1000);
      expect(client.textsTo(chat)).toHaveLength(1);
      expect((await callbacksOf(c.integrationId))[0]).toMatchObject({ state: 'delivered', attempts: 4 });
    } finally {
      callbackTimeout.ms = 10_000;
    }
  });

  it('keeps a dead letter after the last attempt, lists it with the reason, and retries it on request', async () => {
    const c = await bed.connectedOwner(INSTANT);
    const chat = newChat();
    client.answerAlways({ kind: 'status', status: 502 });
    await client.send(c.integrationId, { chat_id: chat, text: 'Когда привезут?' });
    await settle();
    for (const seconds of API_CHANNEL_BACKOFF_SECONDS) await settle(seconds * 1000);
    const [row] = await callbacksOf(c.integrationId);
    expect(row).toMatchObject({ state: 'dead', attempts: API_CHANNEL_ATTEMPTS });
    const path = `/api/integrations/${c.integrationId}/dead-letters`;
    const listed = await call('GET', path, { token: c.owner.token });
    expect(listed.json.items).toEqual([
      expect.objectContaining({
        id: row?.id,
        event: 'message',
        chat_id: chat,
        attempts: API_CHANNEL_ATTEMPTS,
        reason: expect.stringMatching(/^HTTP 502/),
      }),
    ]);

    client.answerAlways({ kind: 'ok' });
    const retried = await call('POST', `${path}/${row?.id}/retry`, { token: c.owner.token });
    expect(retried.status).toBe(200);
    await t.jobs.runDue();
    expect(client.textsTo(chat)).toHaveLength(1);
    expect((await call('GET', path, { token: c.owner.token })).json.items).toEqual([]);
    expect((await call('POST', `${path}/${row?.id}/retry`, { token: c.owner.token })).status).toBe(404);
  });

  it('gives up at once on a 4xx: the system refused the event, waiting will not change it', async () => {
    const c = await bed.connectedOwner(INSTANT);
    const chat = newChat();
    client.answerNext({ kind: 'status', status: 400 });
    await client.send(c.integrationId, { chat_id: chat, text: 'Привет' });
    await settle();
    expect(await callbacksOf(c.integrationId)).toEqual([
      expect.objectContaining({ state: 'dead', attempts: 1, lastError: expect.stringMatching(/^HTTP 400/) }),
    ]);
  });
});

describe('api channel: another account', () => {
  it('answers 404 for another account’s secret, dead letters and retries, and for types without them', async () => {
    const c = await bed.connectedOwner(INSTANT);
    client.answerNext({ kind: 'status', status: 410 });
    await client.send(c.integrationId, { chat_id: newChat(), text: 'Привет' });
    await settle();
    const [dead] = await callbacksOf(c.integrationId);
    const stranger = await signedInUser(t);
    const base = `/api/integrations/${c.integrationId}`;
    for (const [method, path] of [
      ['GET', `${base}/signing-secret`],
      ['POST', `${base}/signing-secret`],
      ['GET', `${base}/dead-letters`],
      ['POST', `${base}/dead-letters/${dead?.id}/retry`],
    ] as const) {
      expect((await call(method, path, { token: stranger.token })).status, `${method} ${path}`).toBe(404);
    }
    expect(
      (await call('POST', `${base}/dead-letters/not-a-uuid/retry`, { token: c.owner.token })).status,
    ).toBe(404);
    const telegram = await call('POST', '/api/integrations', {
      token: c.owner.token,
      body: { type: 'telegram', connection_data: {} },
    });
    const other = `/api/integrations/${telegram.json.id}`;
    expect((await call('GET', `${other}/dead-letters`, { token: c.owner.token })).status).toBe(404);
    expect((await call('POST', `${other}/signing-secret`, { token: c.owner.token })).status).toBe(404);
    // The owner still sees their own.
    expect((await call('GET', `${base}/dead-letters`, { token: c.owner.token })).json.items).toHaveLength(1);
  });
});
