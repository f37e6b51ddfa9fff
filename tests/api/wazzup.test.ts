import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chats, integrations, messages } from '../../db/schema';
import { moduleFor } from '../../functions/integrations/registry';
import { qrRoom } from '../../functions/services/integrations/qr';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { type FakeWazzup, startFakeWazzup } from '../fakes/wazzup';
import { createWorkingBot, fakeLlm, LLM_KEY } from './support/engine';
import { listeningTestApp } from './support/listening-app';
import { createStorage, uploadFile } from './support/storages';
import { type ConnectedWazzup, wazzupTestbed } from './support/wazzup';

const PNG = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3, 4]);
const CONNECT_FAILED = 'Подключение не удалось, повторите попытку';

let llm: FakeOpenAi;
let wazzup: FakeWazzup;

const app = listeningTestApp(async () => {
  [llm, wazzup] = await Promise.all([startFakeOpenAi({ apiKey: LLM_KEY }), startFakeWazzup()]);
  return { llm: fakeLlm(llm), settings: { apiRoots: { wazzup: wazzup.url } } };
});
const bed = wazzupTestbed(app, () => wazzup);

afterAll(async () => {
  await Promise.all([llm?.close(), wazzup?.close()]);
});

/** What earlier tests left waiting comes due and goes first, so each test sees only its own. */
beforeEach(async () => {
  app.t.clock.advance(180_000);
  await app.t.jobs.runDue();
  await wazzup.settled();
  llm.reset();
  wazzup.whatsapp.state = 'active';
});

afterEach(() => vi.restoreAllMocks());

let phones = 0;
/** A WhatsApp customer's number no other test uses. */
const customerPhone = () => `7999${String(1_000_000 + ++phones).slice(1)}`;

const storedMessages = async (integrationId: string) =>
  app.t.db
    .select({ text: messages.text, author: messages.author, externalId: messages.externalId })
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.chatId))
    .where(eq(chats.integrationId, integrationId))
    .orderBy(messages.seq);

const chatOf = async (c: ConnectedWazzup, phone: string) => {
  const [row] = await app.t.db
    .select()
    .from(chats)
    .where(and(eq(chats.integrationId, c.integrationId), eq(chats.externalId, phone)));
  return row;
};

/** The customer writes and Wazzup's delivery is taken (200). */
async function customerWrites(phone: string, text: string, name?: string) {
  const written = wazzup.customerWrites(phone, text, name ? { name } : {});
  expect(await written.delivered).toBe(200);
  return written;
}

/** Answers come due, are sent, and Wazzup's echoes of them have been delivered. */
async function answersSent() {
  app.t.clock.advance(61_000);
  await app.t.jobs.runDue();
  await wazzup.settled();
}

const messageCalls = () => wazzup.calls.filter((one) => one.method === 'POST' && one.path === '/v3/message');

describe('wazzup: connecting with the API key', () => {
  it('checks the key, subscribes the webhook (answering the probe) and picks the only WhatsApp channel', async () => {
    const callsBefore = wazzup.calls.length;
    const c = await bed.connectedOwner();
    expect(wazzup.calls.slice(callsBefore).map((one) => [one.method, one.path, one.status])).toEqual([
      ['GET', '/v3/channels', 200],
      ['PATCH', '/v3/webhooks', 200],
    ]);
    expect(wazzup.webhooksUri).toBe(
      `${app.origin}/api/webhooks/wazzup/${c.integrationId}?secret=${c.secret}`,
    );
    expect(c.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(wazzup.subscriptions).toMatchObject({ messagesAndStatuses: true, channelsUpdates: true });
    // The fake POSTed {"test":true} to that address first, and it was answered 200.
    const channel = wazzup.whatsapp;
    expect(c.view).toMatchObject({
      connected: true,
      integration_account_id: `+${channel.plainId}`,
      message: 'Интеграция успешно подключена',
      connection_data: {
        api_key: `••••${wazzup.apiKey.slice(-4)}`,
        channel_id: channel.channelId,
        channel_name: 'Салон',
        channel_phone: channel.plainId,
        channel_state: 'active',
        channels: [{ id: channel.channelId, name: 'Салон', phone: channel.plainId, state: 'active' }],
      },
    });
    expect(c.view.connection_data).not.toHaveProperty('webhook_secret');
    expect(JSON.stringify(c.view)).not.toContain(c.secret);
    expect(JSON.stringify(c.view)).not.toContain(wazzup.apiKey);
    const [row] = await app.t.db.select().from(integrations).where(eq(integrations.id, c.integrationId));
    expect(JSON.stringify(row?.connectionData)).not.toContain(c.secret);
    expect(JSON.stringify(row?.connectionData)).not.toContain(wazzup.apiKey);
  });

  it('fails with the §8 text for a key Wazzup does not know, and asks nothing for a malformed one', async () => {
    const c = await bed.connectedOwner();
    const owner = c.owner;
    const uriBefore = wazzup.webhooksUri;
    const unknown = await bed.addWazzup(owner, 'f'.repeat(32));
    const callsBefore = wazzup.calls.length;
    const refused = await app.call('POST', `/api/integrations/connect/${unknown}`, { token: owner.token });
    expect(refused.status).toBe(422);
    expect(refused.json).toEqual({ code: 'integration_connect_failed', message: CONNECT_FAILED });
    expect(wazzup.calls.slice(callsBefore).map((one) => [one.path, one.status])).toEqual([
      ['/v3/channels', 401],
    ]);
    expect(wazzup.webhooksUri).toBe(uriBefore);

    const malformed = await bed.addWazzup(owner, 'короткий');
    const failed = await app.call('POST', `/api/integrations/connect/${malformed}`, { token: owner.token });
    expect(failed.json.message).toBe(CONNECT_FAILED);
    expect(wazzup.calls).toHaveLength(callsBefore + 1);
    const view = await app.call('GET', `/api/integrations/${unknown}`, { token: owner.token });
    expect(view.json).toMatchObject({ connected: false, integration_account_id: null });
  });

  it('with several WhatsApp channels leaves the choice to the owner, who picks one in the settings', async () => {
    const second = {
      channelId: crypto.randomUUID(),
      transport: 'whatsapp',
      plainId: '79990003344',
      state: 'active',
    };
    wazzup.channels.push(second);
    try {
      const c = await bed.connectedOwner();
      expect(c.view.connection_data.channel_id).toBeNull();
      expect(c.view.integration_account_id).toBeNull();
      expect(c.view.connection_data.channels.map((one: { id: string }) => one.id)).toEqual([
        wazzup.whatsapp.channelId,
        second.channelId,
      ]);
      // Nothing of an unchosen channel is taken.
      const phone = customerPhone();
      await customerWrites(phone, 'Алло');
      expect(await storedMessages(c.integrationId)).toEqual([]);

      const picked = await app.call('PATCH', `/api/integrations/${c.integrationId}`, {
        token: c.owner.token,
        body: { connection_data: { channel_id: second.channelId } },
      });
      expect(picked.json).toMatchObject({
        connected: true,
        connection_data: { channel_id: second.channelId },
      });
      // getqr looks at the chosen channel and learns its number for the account's name.
      const qr = await app.call('GET', `/api/integrations/${c.integrationId}/getqr`, {
        token: c.owner.token,
      });
      expect(qr.json.state).toEqual({ state: 'connected' });
      const view = await app.call('GET', `/api/integrations/${c.integrationId}`, { token: c.owner.token });
      expect(view.json).toMatchObject({
        integration_account_id: `+${second.plainId}`,
        connection_data: { channel_phone: second.plainId, channel_name: null },
      });
    } finally {
      wazzup.channels.splice(wazzup.channels.indexOf(second), 1);
    }
  });
});

describe('wazzup: the QR', () => {
  it('waits for Wazzup to push QRs, shows each live, and ends connected after the scan; no QR is logged', async () => {
    const logged: string[] = [];
    for (const level of ['log', 'info', 'warn', 'error'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(args.map(String).join(' '));
      });
    }
    const c = await bed.connectedOwner();
    const pushed: unknown[] = [];
    const leave = app.t.rooms.join(qrRoom(c.integrationId), {
      send: (data) => pushed.push(JSON.parse(data)),
    });
    try {
      wazzup.loggedOut();
      const getqr = () =>
        app.call('GET', `/api/integrations/${c.integrationId}/getqr`, { token: c.owner.token });
      const started = await getqr();
      expect(started.status).toBe(200);
      const expiresAt = new Date(app.t.clock.now().getTime() + 120_000).toISOString();
      expect(started.json).toEqual({
        state: { state: 'waiting', expires_at: expiresAt },
        url: expect.stringMatching(/\/parties\/main\/qr%3A[0-9a-f-]{36}\?token=/),
      });

      const first = 'data:image/png;base64,Rmlyc3QgUVI=';
      const second = 'data:image/png;base64,U2Vjb25kIFFS';
      expect(await wazzup.channelState('qr', first)).toBe(200);
      expect((await getqr()).json.state).toEqual({ state: 'qr', qr: first, expires_at: expiresAt });
      expect(await wazzup.channelState('qr', second)).toBe(200);
      expect((await getqr()).json.state).toEqual({ state: 'qr', qr: second, expires_at: expiresAt });

      expect(await wazzup.channelState('active')).toBe(200);
      expect((await getqr()).json.state).toEqual({ state: 'connected' });
      expect(pushed).toEqual([
        { state: 'waiting', expires_at: expiresAt },
        { state: 'qr', qr: first, expires_at: expiresAt },
        { state: 'qr', qr: second, expires_at: expiresAt },
        { state: 'connected' },
      ]);
      const view = await app.call('GET', `/api/integrations/${c.integrationId}`, { token: c.owner.token });
      expect(view.json.connection_data).toMatchObject({ channel_state: 'active' });
      expect(logged.filter((line) => line.includes('base64'))).toEqual([]);
    } finally {
      leave();
    }
  });

  it('ends a flow nobody scanned after 2 minutes, and a new getqr starts another', async () => {
    const c = await bed.connectedOwner();
    wazzup.loggedOut();
    const getqr = () =>
      app.call('GET', `/api/integrations/${c.integrationId}/getqr`, { token: c.owner.token });
    expect((await getqr()).json.state.state).toBe('waiting');
    await wazzup.channelState('qr');
    app.t.clock.advance(121_000);
    // A QR pushed after the deadline is nobody's to see.
    await wazzup.channelState('qr', 'data:image/png;base64,TGF0ZQ==');
    const again = await getqr();
    expect(again.json.state).toEqual({
      state: 'waiting',
      expires_at: new Date(app.t.clock.now().getTime() + 120_000).toISOString(),
    });
    expect(JSON.stringify(again.json)).not.toContain('TGF0ZQ==');
  });

  it('answers 422 for an integration that is not connected', async () => {
    const c = await bed.connectedOwner();
    const idle = await bed.addWazzup(c.owner);
    const refused = await app.call('GET', `/api/integrations/${idle}/getqr`, { token: c.owner.token });
    expect(refused.status).toBe(422);
  });
});

describe('wazzup: messages', () => {
  it('answers a customer once, also when Wazzup delivers the message again, and keeps the customer’s name', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    const phone = customerPhone();
    llm.queue({ kind: 'text', text: 'Здравствуйте! Чем помочь?' });
    const written = await customerWrites(phone, 'Добрый день', 'Ирина Петрова');
    expect(await wazzup.redeliverMessage(written.messageId)).toBe(200);
    await answersSent();
    expect(await wazzup.redeliverMessage(written.messageId)).toBe(200);
    await answersSent();

    expect(llm.requests).toHaveLength(1);
    expect(bed.sentTo(phone)).toEqual(['Здравствуйте! Чем помочь?']);
    const rows = await storedMessages(c.integrationId);
    // The echo of our own send came back (isEcho) and was not taken for a manager's message.
    expect(rows.map((row) => [row.author, row.text])).toEqual([
      ['customer', 'Добрый день'],
      ['bot', 'Здравствуйте! Чем помочь?'],
    ]);
    expect(rows[0]?.externalId).toBe(written.messageId);
    const [sent] = wazzup.sent.filter((one) => one.chatId === phone);
    const [bot] = await app.t.db
      .select()
      .from(messages)
      .where(and(eq(messages.author, 'bot'), eq(messages.text, 'Здравствуйте! Чем помочь?')));
    expect(sent).toMatchObject({
      channelId: wazzup.whatsapp.channelId,
      chatType: 'whatsapp',
      crmMessageId: bot?.id,
      clearUnanswered: false,
    });

    // The bot was not stopped by its own echo: the next message is answered too.
    llm.queue({ kind: 'text', text: 'Записала.' });
    await customerWrites(phone, 'Запишите на завтра', 'Ирина Петрова');
    await answersSent();
    expect(bed.sentTo(phone)).toEqual(['Здравствуйте! Чем помочь?', 'Записала.']);

    const listed = await app.call('GET', '/api/chats', { token: c.owner.token });
    expect(listed.json.items[0]).toMatchObject({
      channel: 'wazzup',
      external_id: phone,
      customer: { name: 'Ирина Петрова', phone, username: null },
    });
  });

  it('takes a manager’s message from the phone as the operator’s: the bot stops in that chat', async () => {
    const c = await bed.connectedOwner({ accumulation_messages_seconds: 60 });
    const phone = customerPhone();
    await customerWrites(phone, 'Можно поговорить с человеком?');
    expect(await wazzup.managerWrites(phone, 'Здравствуйте, это Мария, сейчас помогу')).toBe(200);
    await answersSent();
    expect(llm.requests).toHaveLength(0);
    expect((await storedMessages(c.integrationId)).map((row) => [row.author, row.text])).toEqual([
      ['customer', 'Можно поговорить с человеком?'],
      ['operator', 'Здравствуйте, это Мария, сейчас помогу'],
    ]);
    expect((await chatOf(c, phone))?.state).not.toBe('working');
    // The manager's message is not sent again by the product.
    expect(bed.sentTo(phone)).toEqual([]);

    await customerWrites(phone, 'Спасибо!');
    await answersSent();
    expect(llm.requests).toHaveLength(0);

    // One from the Wazzup app counts the same.
    const other = customerPhone();
    await customerWrites(other, 'Добрый вечер');
    expect(await wazzup.managerWrites(other, 'Отвечу я', { fromApp: true, authorName: 'Мария' })).toBe(200);
    await answersSent();
    expect(llm.requests).toHaveLength(0);
    expect((await chatOf(c, other))?.state).not.toBe('working');
  });

  it('refuses a wrong or missing secret with 401 and stores nothing', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    const phone = customerPhone();
    const body = { messages: [wazzup.customerMessage(phone, { type: 'text', text: 'Подделка' })] };
    for (const secret of [undefined, '', 'wrong', `${c.secret}x`, c.secret.slice(0, -1)]) {
      const answer = await bed.postHook(c.integrationId, body, secret);
      expect(answer.status, String(secret)).toBe(401);
      expect(await answer.json()).toMatchObject({ code: 'unauthorized' });
    }
    expect((await bed.postHook(c.integrationId, body, c.secret)).status).toBe(200);
    expect((await storedMessages(c.integrationId)).map((row) => row.text)).toEqual(['Подделка']);
    // The probe is answered without a secret (Wazzup sends it to the address being subscribed).
    expect((await bed.postHook(c.integrationId, { test: true })).status).toBe(200);
    expect((await bed.postHook(c.integrationId, '{not json', c.secret)).status).toBe(400);
    expect((await bed.postHook(c.integrationId, { hello: 1 }, c.secret)).status).toBe(400);
  });

  it('acknowledges and drops what arrives while the integration is switched off', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    await app.call('PATCH', `/api/integrations/${c.integrationId}`, {
      token: c.owner.token,
      body: { activated: false },
    });
    await customerWrites(customerPhone(), 'Вы работаете?');
    await answersSent();
    expect(await storedMessages(c.integrationId)).toEqual([]);
    expect(llm.requests).toHaveLength(0);
  });

  it('keeps media as a placeholder with its caption, and leaves group chats and other channels alone', async () => {
    const c = await bed.connectedOwner();
    const phone = customerPhone();
    for (const [type, text] of [
      ['image', 'Такую стрижку можно?'],
      ['audio', undefined],
      ['document', 'прайс'],
      ['geo', undefined],
    ] as const) {
      expect(await wazzup.customerSends(phone, { type, text }).delivered).toBe(200);
    }
    const group = {
      messageId: crypto.randomUUID(),
      channelId: wazzup.whatsapp.channelId,
      chatType: 'whatsgroup',
      chatId: '120363000000000000',
      type: 'text',
      isEcho: false,
      text: 'Всем привет',
    };
    const elsewhere = {
      ...group,
      messageId: crypto.randomUUID(),
      channelId: crypto.randomUUID(),
      chatType: 'whatsapp',
      chatId: phone,
    };
    expect(await wazzup.deliver({ messages: [group, elsewhere] })).toBe(200);
    expect((await storedMessages(c.integrationId)).map((row) => row.text)).toEqual([
      '[image] Такую стрижку можно?',
      '[audio]',
      '[document] прайс',
      '[location]',
    ]);
  });
});

describe('wazzup: sending', () => {
  it('waits out a 429 and sends the answer once', { timeout: 30_000 }, async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    const phone = customerPhone();
    llm.queue({ kind: 'text', text: 'Записала вас.' });
    await customerWrites(phone, 'Запишите меня');
    const before = messageCalls().length;
    wazzup.exhaustRateLimit();
    const started = Date.now();
    await answersSent();
    expect(
      messageCalls()
        .slice(before)
        .map((one) => one.status),
    ).toEqual([429, 201]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_000);
    expect(bed.sentTo(phone)).toEqual(['Записала вас.']);
    expect((await storedMessages(c.integrationId)).map((row) => row.author)).toEqual(['customer', 'bot']);
  });

  it('splits a long answer at 10 000 characters, each part with its own crmMessageId', async () => {
    await bed.connectedOwner({ process_scheme: 'instant' });
    const phone = customerPhone();
    const answer = Array.from(
      { length: 3 },
      (_, i) => `Пункт ${i + 1}. ${'подробности '.repeat(700).trim()}`,
    ).join('\n\n');
    expect(answer.length).toBeGreaterThan(20_000);
    llm.queue({ kind: 'text', text: answer });
    await customerWrites(phone, 'Расскажите всё');
    await answersSent();
    const sent = wazzup.sent.filter((one) => one.chatId === phone);
    expect(sent).toHaveLength(3);
    for (const part of sent) expect(part.text?.length).toBeLessThanOrEqual(10_000);
    expect(sent.map((part) => part.text).join('\n\n')).toBe(answer);
    const ids = sent.map((part) => part.crmMessageId);
    expect(ids[1]).toBe(`${ids[0]?.split(':')[0]}:2`);
    expect(new Set(ids).size).toBe(3);
  });

  it('keeps an answer Wazzup refused, and does not send it again', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    const phone = customerPhone();
    await customerWrites(phone, 'Вы открыты?');
    wazzup.whatsapp.state = 'notEnoughMoney';
    await answersSent();
    expect(messageCalls().at(-1)?.status).toBe(400);
    expect(bed.sentTo(phone)).toEqual([]);
    expect((await storedMessages(c.integrationId)).map((row) => row.author)).toEqual(['customer', 'bot']);
    wazzup.whatsapp.state = 'active';
    const calls = messageCalls().length;
    app.t.clock.advance(600_000);
    await app.t.jobs.runDue();
    expect(messageCalls()).toHaveLength(calls);
  });

  it('sends the media action’s files as parts of their own with links Wazzup can download', async () => {
    const c = await bed.connectedOwner();
    const storage = await createStorage(app.call, c.owner.token, 'media', 'Фото работ');
    const photo = await uploadFile(app.t, c.owner.token, storage, 'Стрижки.png', PNG);
    expect(photo.status).toBe(201);
    await createWorkingBot(app.call, c.owner.token, {
      conditions: { channels: [c.integrationId] },
      process_scheme: 'instant',
      actions_enable: true,
      actions: [
        {
          name: 'Примеры работ',
          description: 'Отправляет фото работ',
          goal_prompt: 'Когда клиент просит показать работы',
          type: 'send_media',
          settings: { files: [photo.json.id] },
        },
      ],
    });
    const phone = customerPhone();
    llm.queue(
      { kind: 'tool_calls', calls: [{ name: 'send_media_1', arguments: {} }] },
      { kind: 'text', text: 'Вот наши работы.' },
    );
    await customerWrites(phone, 'Покажите работы');
    await answersSent();
    const sent = wazzup.sent.filter((one) => one.chatId === phone);
    expect(sent.map((one) => one.text)).toEqual(['Вот наши работы.', null]);
    const link = String(sent[1]?.contentUri);
    expect(link.startsWith(`${app.origin}/api/media/`)).toBe(true);
    // What Wazzup does with the link: download the file, unsigned by any session.
    const downloaded = await fetch(link);
    expect(downloaded.status).toBe(200);
    expect(new Uint8Array(await downloaded.arrayBuffer())).toEqual(PNG);
    expect(new Set(sent.map((one) => one.crmMessageId)).size).toBe(2);
  });

  it('sends the operator’s answer from Chats, and its echo does not stop the bot', async () => {
    const c = await bed.connectedOwner({ accumulation_messages_seconds: 60 });
    const phone = customerPhone();
    await customerWrites(phone, 'Можно администратора?');
    const chat = await chatOf(c, phone);
    const sent = await app.call('POST', `/api/chats/${chat?.id}/messages`, {
      token: c.owner.token,
      body: { text: 'Здравствуйте, это Анна.' },
    });
    expect(sent.status).toBe(201);
    await wazzup.settled();
    expect(bed.sentTo(phone)).toEqual(['Здравствуйте, это Анна.']);
    expect((await storedMessages(c.integrationId)).map((row) => [row.author, row.text])).toEqual([
      ['customer', 'Можно администратора?'],
      ['operator', 'Здравствуйте, это Анна.'],
    ]);
  });
});

describe('wazzup: letting go', () => {
  it('reset turns the account’s webhooks off and forgets the connection', async () => {
    const c = await bed.connectedOwner();
    const reset = await app.call('POST', `/api/integrations/reset/${c.integrationId}`, {
      token: c.owner.token,
    });
    expect(reset.json).toMatchObject({ connected: false, integration_account_id: null });
    expect(Object.keys(reset.json.connection_data).sort()).toEqual(['api_key', 'channel_id']);
    expect(wazzup.subscriptions).toMatchObject({ messagesAndStatuses: false, channelsUpdates: false });
    expect((await bed.postHook(c.integrationId, { messages: [] }, c.secret)).status).toBe(404);
  });

  it('does not turn off webhooks that another integration took over since', async () => {
    const first = await bed.connectedOwner();
    const second = await bed.connectedOwner();
    await app.call('POST', `/api/integrations/reset/${first.integrationId}`, { token: first.owner.token });
    expect(wazzup.webhooksUri).toContain(second.integrationId);
    expect(wazzup.subscriptions).toMatchObject({ messagesAndStatuses: true, channelsUpdates: true });
  });

  it('removing the paid instance turns the webhooks off (v3 cannot delete a channel)', async () => {
    const c = await bed.connectedOwner();
    const [row] = await app.t.db.select().from(integrations).where(eq(integrations.id, c.integrationId));
    if (!row) throw new Error('no integration');
    // Through the registry, as the lifecycle schedule reaches it.
    await moduleFor('wazzup')?.removeInstance?.(row, {
      ports: app.t.ports,
      settings: app.t.settings,
      lang: 'ru',
      clientIp: '',
    });
    expect(wazzup.subscriptions).toMatchObject({ messagesAndStatuses: false, channelsUpdates: false });
  });

  it('delete deletes the integration even though Wazzup cannot probe its address any more', async () => {
    const c = await bed.connectedOwner();
    const deleted = await app.call('DELETE', `/api/integrations/${c.integrationId}?confirm=true`, {
      token: c.owner.token,
    });
    expect(deleted.status).toBe(204);
    expect((await bed.postHook(c.integrationId, { messages: [] }, c.secret)).status).toBe(404);
  });
});
