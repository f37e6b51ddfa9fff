import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chats, integrations, messages } from '../../db/schema';
import { moduleFor } from '../../functions/integrations/registry';
import { qrRoom } from '../../functions/services/integrations/qr';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { type FakeWappi, startFakeWappi } from '../fakes/wappi';
import { createTestApp, type TestApp } from '../support/test-app';
import { apiClient, type Call, signedInUser } from './support/client';
import { fakeLlm, LLM_KEY } from './support/engine';
import { type ConnectedWappi, type WappiTestbed, wappiTestbed } from './support/wappi';

const PUBLIC_URL = 'https://bots.example.com';
const CONNECT_FAILED = 'Подключение не удалось, повторите попытку';

let t: TestApp;
let call: Call;
let llm: FakeOpenAi;
let wappi: FakeWappi;
let bed: WappiTestbed;

beforeAll(async () => {
  [llm, wappi] = await Promise.all([startFakeOpenAi({ apiKey: LLM_KEY }), startFakeWappi()]);
  t = await createTestApp({
    llm: fakeLlm(llm),
    settings: { publicUrl: PUBLIC_URL, apiRoots: { wappi: wappi.url } },
  });
  call = apiClient(t);
  bed = wappiTestbed(t, call, wappi);
});

afterAll(async () => {
  await t.close();
  await Promise.all([llm.close(), wappi.close()]);
});

/** What earlier tests left waiting comes due and goes first, so each test sees only its own. */
beforeEach(async () => {
  t.clock.advance(180_000);
  await t.jobs.runDue();
  await wappi.settled();
  llm.reset();
});

afterEach(() => vi.restoreAllMocks());

let phones = 0;
/** A WhatsApp customer's number no other test uses. */
const customerPhone = () => `7916${String(1_000_000 + ++phones).slice(1)}`;

const storedMessages = async (integrationId: string) =>
  t.db
    .select({ text: messages.text, author: messages.author, externalId: messages.externalId })
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.chatId))
    .where(eq(chats.integrationId, integrationId))
    .orderBy(messages.seq);

const chatOf = async (c: ConnectedWappi, phone: string) => {
  const [row] = await t.db
    .select()
    .from(chats)
    .where(and(eq(chats.integrationId, c.integrationId), eq(chats.externalId, phone)));
  return row;
};

/** The customer writes and Wappi's delivery is taken (200). */
async function customerWrites(c: ConnectedWappi, phone: string, text: string, extra = {}) {
  const delivery = await wappi.customerWrites(c.profile, phone, text, extra);
  expect(delivery?.status).toBe(200);
  if (!delivery) throw new Error('not delivered');
  return delivery;
}

/** Answers come due, are sent, and Wappi's echoes of them have been delivered. */
async function answersSent() {
  t.clock.advance(61_000);
  await t.jobs.runDue();
  await wappi.settled();
}

const callsTo = (path: string) => wappi.calls.filter((one) => one.path === `/api${path}`);
const getqr = (c: ConnectedWappi) =>
  call('GET', `/api/integrations/${c.integrationId}/getqr`, { token: c.owner.token });

describe('wappi: connecting with the token and the profile id', () => {
  it('checks both, sets the webhook with a random secret and its types, and keeps what it learned', async () => {
    const before = wappi.calls.length;
    const c = await bed.connectedOwner();
    expect(wappi.calls.slice(before).map((one) => [one.method, one.path, one.status])).toEqual([
      ['GET', '/api/sync/get/status', 200],
      ['POST', '/api/webhook/url/set', 200],
      ['POST', '/api/webhook/types/set', 200],
      ['GET', '/api/profile/all/get', 200],
    ]);
    expect(c.profile.webhookUrl).toBe(
      `${PUBLIC_URL}/api/webhooks/wappi/${c.integrationId}?secret=${c.secret}`,
    );
    expect(c.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(c.profile.webhookTypes.sort()).toEqual(
      [
        'authorization_status',
        'delivery_status',
        'incoming_message',
        'outgoing_message_api',
        'outgoing_message_phone',
      ].sort(),
    );
    expect(c.view).toMatchObject({
      connected: true,
      integration_account_id: `+${c.profile.phone}`,
      message: 'Интеграция успешно подключена',
      connection_data: {
        api_key: `••••${wappi.token.slice(-4)}`,
        profile_id: c.profile.profileId,
        profile_name: 'Салон',
        phone: c.profile.phone,
        authorized: true,
      },
    });
    expect(c.view.connection_data).not.toHaveProperty('webhook_secret');
    expect(JSON.stringify(c.view)).not.toContain(c.secret);
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, c.integrationId));
    expect(JSON.stringify(row?.connectionData)).not.toContain(c.secret);
    expect(JSON.stringify(row?.connectionData)).not.toContain(wappi.token);
  });

  it('another profile id ends the connection and lets go of the old profile; the same id keeps it', async () => {
    const c = await bed.connectedOwner();
    const path = `/api/integrations/${c.integrationId}`;
    const same = await call('PATCH', path, {
      token: c.owner.token,
      body: { connection_data: { api_key: c.view.connection_data.api_key, profile_id: c.profile.profileId } },
    });
    expect(same.json).toMatchObject({ connected: true });
    const other = wappi.addProfile({ authorized: true });
    const moved = await call('PATCH', path, {
      token: c.owner.token,
      body: { connection_data: { api_key: c.view.connection_data.api_key, profile_id: other.profileId } },
    });
    expect(moved.json).toMatchObject({ connected: false, connection_data: { profile_id: other.profileId } });
    expect(c.profile.webhookTypes).toEqual([]);
  });

  it('a profile not scanned yet is connected unauthorised, named by its name', async () => {
    const c = await bed.connectedOwner(undefined, { authorized: false, name: 'Филиал на Ленина' });
    expect(c.view).toMatchObject({
      connected: true,
      integration_account_id: 'Филиал на Ленина',
      connection_data: { profile_name: 'Филиал на Ленина', phone: null, authorized: false },
    });
  });

  it('fails with the §8 text for a wrong token and an unknown profile, and asks nothing for malformed ones', async () => {
    const owner = await signedInUser(t);
    const profile = wappi.addProfile();
    const wrongToken = await bed.addWappi(owner, { api_key: 'f'.repeat(40), profile_id: profile.profileId });
    const unknownProfile = await bed.addWappi(owner, { api_key: wappi.token, profile_id: 'abcdef01-2345' });
    for (const id of [wrongToken, unknownProfile]) {
      const before = wappi.calls.length;
      const refused = await call('POST', `/api/integrations/connect/${id}`, { token: owner.token });
      expect(refused.status).toBe(422);
      expect(refused.json).toEqual({ code: 'integration_connect_failed', message: CONNECT_FAILED });
      expect(wappi.calls.slice(before).map((one) => one.path)).toEqual(['/api/sync/get/status']);
    }
    expect(wappi.calls.slice(-2).map((one) => one.status)).toEqual([401, 404]);
    expect(profile.webhookUrl).toBeNull();

    const before = wappi.calls.length;
    for (const data of [
      { api_key: 'короткий', profile_id: profile.profileId },
      { api_key: wappi.token },
      { api_key: wappi.token, profile_id: 'не профиль' },
    ]) {
      const id = await bed.addWappi(owner, data);
      const failed = await call('POST', `/api/integrations/connect/${id}`, { token: owner.token });
      expect(failed.json.message).toBe(CONNECT_FAILED);
    }
    expect(wappi.calls).toHaveLength(before);
  });
});

describe('wappi: the QR', () => {
  it('fetches a QR only when getqr asks, at most once per 15 s, and ends connected after the scan', async () => {
    const logged: string[] = [];
    for (const level of ['log', 'info', 'warn', 'error'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(args.map(String).join(' '));
      });
    }
    const c = await bed.connectedOwner(undefined, { authorized: false });
    const pushed: unknown[] = [];
    const leave = t.rooms.join(qrRoom(c.integrationId), { send: (data) => pushed.push(JSON.parse(data)) });
    try {
      // Nobody watches: nothing is fetched.
      t.clock.advance(60_000);
      expect(c.profile.qrCalls).toBe(0);

      const expiresAt = new Date(t.clock.now().getTime() + 120_000).toISOString();
      const first = await getqr(c);
      expect(first.status).toBe(200);
      expect(first.json).toEqual({
        state: { state: 'qr', qr: expect.stringMatching(/^data:image\/png;base64,/), expires_at: expiresAt },
        url: expect.stringMatching(/\/parties\/main\/qr%3A[0-9a-f-]{36}\?token=/),
      });
      expect(c.profile.qrCalls).toBe(1);

      // Two pages (or a quick reload) asking within 15 s share the QR fetched already.
      t.clock.advance(5_000);
      expect((await getqr(c)).json.state).toEqual(first.json.state);
      t.clock.advance(9_000);
      expect((await getqr(c)).json.state).toEqual(first.json.state);
      expect(c.profile.qrCalls).toBe(1);

      t.clock.advance(1_000);
      const second = await getqr(c);
      expect(c.profile.qrCalls).toBe(2);
      expect(second.json.state).toEqual({ state: 'qr', qr: expect.any(String), expires_at: expiresAt });
      expect(second.json.state.qr).not.toBe(first.json.state.qr);

      // The phone scans: Wappi says so by webhook, and the page is told.
      expect((await wappi.scan(c.profile))?.status).toBe(200);
      expect(pushed).toEqual([first.json.state, second.json.state, { state: 'connected' }]);
      t.clock.advance(15_000);
      expect((await getqr(c)).json.state).toEqual({ state: 'connected' });
      expect(c.profile.qrCalls).toBe(2);
      const view = await call('GET', `/api/integrations/${c.integrationId}`, { token: c.owner.token });
      expect(view.json).toMatchObject({
        integration_account_id: `+${c.profile.phone}`,
        connection_data: { authorized: true, phone: c.profile.phone },
      });
      expect(logged.filter((line) => line.includes('base64'))).toEqual([]);
    } finally {
      leave();
    }
  });

  it('never fetches after the 2 minutes: the page that kept asking is told; a new ask starts another flow', async () => {
    const c = await bed.connectedOwner(undefined, { authorized: false });
    const started = await getqr(c);
    for (let i = 0; i < 7; i++) {
      t.clock.advance(15_000);
      expect((await getqr(c)).json.state.state).toBe('qr');
    }
    expect(c.profile.qrCalls).toBe(8);
    t.clock.advance(16_000);
    // Past the deadline: told, nothing fetched.
    expect((await getqr(c)).json.state).toEqual({ state: 'expired' });
    expect(c.profile.qrCalls).toBe(8);

    // The page's "new QR" button: a new flow with its own 2 minutes.
    const again = await getqr(c);
    expect(again.json.state).toEqual({
      state: 'qr',
      qr: expect.any(String),
      expires_at: new Date(t.clock.now().getTime() + 120_000).toISOString(),
    });
    expect(again.json.state.expires_at).not.toBe(started.json.state.expires_at);
    expect(c.profile.qrCalls).toBe(9);
  });

  it('a page opened long after an unwatched flow ended starts a new one, waiting out the 15 s first', async () => {
    const c = await bed.connectedOwner(undefined, { authorized: false });
    await getqr(c);
    t.clock.advance(200_000);
    expect((await getqr(c)).json.state.state).toBe('qr');
    expect(c.profile.qrCalls).toBe(2);

    // A new flow within 15 s of the last fetch waits for the next window instead of fetching.
    const other = await bed.connectedOwner(undefined, { authorized: false });
    await getqr(other);
    t.clock.advance(110_000);
    await getqr(other);
    expect(other.profile.qrCalls).toBe(2);
    t.clock.advance(11_000);
    expect((await getqr(other)).json.state).toEqual({ state: 'expired' });
    const waiting = await getqr(other);
    expect(waiting.json.state).toEqual({
      state: 'waiting',
      expires_at: new Date(t.clock.now().getTime() + 120_000).toISOString(),
    });
    expect(other.profile.qrCalls).toBe(2);
    t.clock.advance(4_000);
    expect((await getqr(other)).json.state).toMatchObject({
      state: 'qr',
      expires_at: waiting.json.state.expires_at,
    });
    expect(other.profile.qrCalls).toBe(3);
  });

  it('an authorised profile is connected at once; an unconnected integration answers 422', async () => {
    const c = await bed.connectedOwner();
    expect((await getqr(c)).json.state).toEqual({ state: 'connected' });
    expect(c.profile.qrCalls).toBe(0);
    const idle = await bed.addWappi(c.owner, { api_key: wappi.token, profile_id: c.profile.profileId });
    const refused = await call('GET', `/api/integrations/${idle}/getqr`, { token: c.owner.token });
    expect(refused.status).toBe(422);
  });

  it('keeps that the phone logged out', async () => {
    const c = await bed.connectedOwner();
    expect((await wappi.logOut(c.profile))?.status).toBe(200);
    const view = await call('GET', `/api/integrations/${c.integrationId}`, { token: c.owner.token });
    expect(view.json.connection_data).toMatchObject({ authorized: false });
  });
});

describe('wappi: messages', () => {
  it('answers a customer once, also when Wappi delivers the message again, and keeps the customer’s name', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    const phone = customerPhone();
    llm.queue({ kind: 'text', text: 'Здравствуйте! Чем помочь?' });
    const written = await customerWrites(c, phone, 'Добрый день', { senderName: 'Ирина Петрова' });
    expect((await wappi.redeliver(written)).status).toBe(200);
    await answersSent();
    expect((await wappi.redeliver(written)).status).toBe(200);
    await answersSent();

    expect(llm.requests).toHaveLength(1);
    expect(wappi.sentTo(phone)).toEqual(['Здравствуйте! Чем помочь?']);
    const rows = await storedMessages(c.integrationId);
    // Our own send came back as outgoing_message_api and was not taken for the owner's message.
    expect(rows.map((row) => [row.author, row.text])).toEqual([
      ['customer', 'Добрый день'],
      ['bot', 'Здравствуйте! Чем помочь?'],
    ]);
    const messageId = (written.body.messages as { id: string }[])[0]?.id;
    expect(rows[0]?.externalId).toBe(messageId);
    expect(wappi.deliveries.some((one) => JSON.stringify(one.body).includes('outgoing_message_api'))).toBe(
      true,
    );

    // The bot was not stopped by its own echo: the next message is answered too.
    llm.queue({ kind: 'text', text: 'Записала.' });
    await customerWrites(c, phone, 'Запишите на завтра', { senderName: 'Ирина Петрова' });
    await answersSent();
    expect(wappi.sentTo(phone)).toEqual(['Здравствуйте! Чем помочь?', 'Записала.']);

    const listed = await call('GET', '/api/chats', { token: c.owner.token });
    expect(listed.json.items[0]).toMatchObject({
      channel: 'wappi',
      external_id: phone,
      customer: { name: 'Ирина Петрова', phone, username: null },
    });
  });

  it('takes the owner’s message from the phone as the operator’s: the bot stops in that chat', async () => {
    const c = await bed.connectedOwner({ accumulation_messages_seconds: 60 });
    const phone = customerPhone();
    await customerWrites(c, phone, 'Можно поговорить с человеком?');
    expect((await wappi.ownerWritesFromPhone(c.profile, phone, 'Здравствуйте, это Мария'))?.status).toBe(200);
    await answersSent();
    expect(llm.requests).toHaveLength(0);
    expect((await storedMessages(c.integrationId)).map((row) => [row.author, row.text])).toEqual([
      ['customer', 'Можно поговорить с человеком?'],
      ['operator', 'Здравствуйте, это Мария'],
    ]);
    expect((await chatOf(c, phone))?.state).not.toBe('working');
    // The owner's message is not sent again by the product.
    expect(wappi.sentTo(phone)).toEqual([]);
    await customerWrites(c, phone, 'Спасибо!');
    await answersSent();
    expect(llm.requests).toHaveLength(0);
  });

  it('keeps media as a placeholder with its caption, and leaves groups, reactions and other profiles alone', async () => {
    const c = await bed.connectedOwner({ accumulation_messages_seconds: 60 });
    const phone = customerPhone();
    // A media body may carry the file itself: only the caption is kept.
    await customerWrites(c, phone, '/9j/4AAQSkZJRgABAQ', {
      type: 'image',
      caption: 'Вот так хочу',
      file_link: 'https://wappi.pro/f/1.jpg',
    });
    await customerWrites(c, phone, '', { type: 'ptt', file_link: 'https://wappi.pro/f/2.ogg' });
    await customerWrites(c, phone, '', { type: 'document', file_name: 'прайс.pdf' });
    await customerWrites(c, phone, '👍', { type: 'reaction', stanza_id: 'ABC' });
    await customerWrites(c, phone, 'В группе', { chat_type: 'group', chatId: '120363041234567890@g.us' });
    await customerWrites(c, phone, 'Чужой профиль', { profile_id: 'another-profile' });
    expect((await storedMessages(c.integrationId)).map((row) => [row.author, row.text])).toEqual([
      ['customer', '[image] Вот так хочу'],
      ['customer', '[voice message]'],
      ['customer', '[document: прайс.pdf]'],
    ]);
    const [group] = await t.db.select().from(chats).where(eq(chats.externalId, '120363041234567890'));
    expect(group).toBeUndefined();
  });

  it('refuses a wrong or missing secret with 401 and stores nothing', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    const phone = customerPhone();
    const body = { messages: [wappi.message(c.profile, 'incoming_message', phone, 'Подделка', false)] };
    for (const secret of [undefined, '', 'wrong', `${c.secret}x`, c.secret.slice(0, -1)]) {
      const answer = await bed.postHook(c.integrationId, body, secret);
      expect(answer.status, String(secret)).toBe(401);
    }
    expect((await bed.postHook(c.integrationId, 'not json', c.secret)).status).toBe(400);
    expect((await bed.postHook(c.integrationId, { nope: true }, c.secret)).status).toBe(400);
    await answersSent();
    expect(await storedMessages(c.integrationId)).toEqual([]);
    expect(llm.requests).toHaveLength(0);
  });

  it('acknowledges and drops what arrives while the integration is switched off', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    await call('PATCH', `/api/integrations/${c.integrationId}`, {
      token: c.owner.token,
      body: { activated: false },
    });
    await customerWrites(c, customerPhone(), 'Вы работаете?');
    await answersSent();
    expect(await storedMessages(c.integrationId)).toEqual([]);
    expect(llm.requests).toHaveLength(0);
  });
});

describe('wappi: sending', () => {
  it('waits out a 429 and sends the answer once', { timeout: 30_000 }, async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    const phone = customerPhone();
    llm.queue({ kind: 'text', text: 'Записала вас.' });
    await customerWrites(c, phone, 'Запишите меня');
    wappi.rateLimitSends(1, 1);
    const before = callsTo('/sync/message/send').length;
    await answersSent();
    expect(
      callsTo('/sync/message/send')
        .slice(before)
        .map((one) => one.status),
    ).toEqual([429, 200]);
    expect(wappi.sentTo(phone)).toEqual(['Записала вас.']);
  });

  it('splits a long answer at 4096 characters, in order', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    const phone = customerPhone();
    const answer = Array.from(
      { length: 9 },
      (_, i) => `Пункт ${i + 1}. ${'подробности '.repeat(80).trim()}`,
    ).join('\n\n');
    llm.queue({ kind: 'text', text: answer });
    await customerWrites(c, phone, 'Расскажите всё');
    await answersSent();
    const sent = wappi.sentTo(phone);
    expect(sent).toHaveLength(3);
    for (const part of sent) expect(part.length).toBeLessThanOrEqual(4096);
    expect(sent.join('\n\n')).toBe(answer);
  });

  it('keeps an answer Wappi refused (unpaid profile) and does not send it again', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    const phone = customerPhone();
    c.profile.paid = false;
    await customerWrites(c, phone, 'Вы открыты?');
    const before = callsTo('/sync/message/send').length;
    await answersSent();
    t.clock.advance(600_000);
    await answersSent();
    expect(
      callsTo('/sync/message/send')
        .slice(before)
        .map((one) => one.status),
    ).toEqual([402]);
    expect((await storedMessages(c.integrationId)).map((row) => row.author)).toEqual(['customer', 'bot']);
  });

  it('sends the operator’s answer from Chats, and its echo does not stop the bot', async () => {
    const c = await bed.connectedOwner({ accumulation_messages_seconds: 60 });
    const phone = customerPhone();
    await customerWrites(c, phone, 'Можно администратора?');
    const chat = await chatOf(c, phone);
    const sent = await call('POST', `/api/chats/${chat?.id}/messages`, {
      token: c.owner.token,
      body: { text: 'Здравствуйте, это Анна.' },
    });
    expect(sent.status).toBe(201);
    await wappi.settled();
    expect(wappi.sentTo(phone)).toEqual(['Здравствуйте, это Анна.']);
    expect((await storedMessages(c.integrationId)).map((row) => [row.author, row.text])).toEqual([
      ['customer', 'Можно администратора?'],
      ['operator', 'Здравствуйте, это Анна.'],
    ]);
  });
});

describe('wappi: letting go', () => {
  it('reset stops the webhooks and forgets the connection, keeping the token and the profile id', async () => {
    const c = await bed.connectedOwner();
    const reset = await call('POST', `/api/integrations/reset/${c.integrationId}`, { token: c.owner.token });
    expect(reset.json).toMatchObject({ connected: false, integration_account_id: null });
    expect(Object.keys(reset.json.connection_data).sort()).toEqual(['api_key', 'profile_id']);
    expect(c.profile.webhookTypes).toEqual([]);
    expect(c.profile.webhookUrl).toBeNull();
    expect((await bed.postHook(c.integrationId, { messages: [] }, c.secret)).status).toBe(404);
  });

  it('leaves a profile alone that another connected integration names now', async () => {
    const first = await bed.connectedOwner();
    const owner = await signedInUser(t);
    const second = await bed.addWappi(owner, { api_key: wappi.token, profile_id: first.profile.profileId });
    await call('POST', `/api/integrations/connect/${second}`, { token: owner.token });
    await call('POST', `/api/integrations/reset/${first.integrationId}`, { token: first.owner.token });
    expect(first.profile.webhookUrl).toContain(second);
    expect(first.profile.webhookTypes).toHaveLength(5);
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, first.integrationId));
    if (!row) throw new Error('no integration');
    await moduleFor('wappi')?.removeInstance?.(row, {
      ports: t.ports,
      settings: t.settings,
      lang: 'ru',
      clientIp: '',
    });
    expect(wappi.profiles.has(first.profile.profileId)).toBe(true);
  });

  it('removing the paid instance deletes the profile in Wappi', async () => {
    const c = await bed.connectedOwner();
    const [row] = await t.db.select().from(integrations).where(eq(integrations.id, c.integrationId));
    if (!row) throw new Error('no integration');
    // Through the registry, as the lifecycle schedule reaches it.
    const ctx = { ports: t.ports, settings: t.settings, lang: 'ru' as const, clientIp: '' };
    await moduleFor('wappi')?.removeInstance?.(row, ctx);
    expect(wappi.profiles.has(c.profile.profileId)).toBe(false);
    expect(callsTo('/profile/delete').at(-1)?.status).toBe(200);
    // Once gone, removing it again is done already.
    await moduleFor('wappi')?.removeInstance?.(row, ctx);
  });
});
