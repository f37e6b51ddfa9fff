import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chats, type Message, messages } from '../../db/schema';
import { whatsappSender } from '../../functions/integrations/whatsapp/send';
import { deliveryStatusOf } from '../../functions/integrations/whatsapp/sent';
import { signatureHolds } from '../../functions/integrations/whatsapp/signature';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { FAKE_WINDOW_MS, type FakeWhatsAppCloud, startFakeWhatsAppCloud } from '../fakes/whatsapp-cloud';
import { envelope, metaJson, metaSignature, statusChange } from '../fakes/whatsapp-cloud-wire';
import { createTestApp, type TestApp } from '../support/test-app';
import { apiClient, type Call, signedInUser } from './support/client';
import { fakeLlm, LLM_KEY } from './support/engine';
import { type ConnectedWhatsApp, type WhatsAppTestbed, whatsappTestbed } from './support/whatsapp-cloud';

const PUBLIC_URL = 'https://bots.example.com';
const CONNECT_FAILED = 'Подключение не удалось, повторите попытку';

let t: TestApp;
let call: Call;
let llm: FakeOpenAi;
let meta: FakeWhatsAppCloud;
let bed: WhatsAppTestbed;

beforeAll(async () => {
  [llm, meta] = await Promise.all([startFakeOpenAi({ apiKey: LLM_KEY }), startFakeWhatsAppCloud()]);
  t = await createTestApp({
    llm: fakeLlm(llm),
    settings: { publicUrl: PUBLIC_URL, apiRoots: { whatsapp: meta.url } },
  });
  call = apiClient(t);
  bed = whatsappTestbed(t, call, meta);
});

afterAll(async () => {
  await t.close();
  await Promise.all([llm.close(), meta.close()]);
});

beforeEach(async () => {
  t.clock.advance(180_000);
  await t.jobs.runDue();
  await meta.settled();
  llm.reset();
  meta.refuseSends = null;
});

let customers = 0;
const customerId = () => `7916${String(1_000_000 + ++customers).slice(1)}`;

const stored = async (integrationId: string) =>
  t.db
    .select({ text: messages.text, author: messages.author, externalId: messages.externalId })
    .from(messages)
    .innerJoin(chats, eq(chats.id, messages.chatId))
    .where(eq(chats.integrationId, integrationId))
    .orderBy(messages.seq);

const chatOf = async (c: ConnectedWhatsApp, externalId: string) => {
  const [row] = await t.db
    .select()
    .from(chats)
    .where(and(eq(chats.integrationId, c.integrationId), eq(chats.externalId, externalId)));
  return row;
};

async function customerWrites(c: ConnectedWhatsApp, waId: string, text: string) {
  const delivery = await meta.customerWrites(c.business, { waId, name: 'Ирина' }, text);
  expect(delivery?.status).toBe(200);
  if (!delivery) throw new Error('not delivered');
  return delivery;
}

async function answersSent() {
  t.clock.advance(61_000);
  await t.jobs.runDue();
  await meta.settled();
}

const sendCalls = () => meta.calls.filter((one) => one.path.endsWith('/messages'));

describe('whatsapp: connecting', () => {
  it('checks the token, the app secret and the number, subscribes the app, and shows the address and verify token', async () => {
    const c = await bed.connectedOwner();
    expect(c.business.subscribed).toBe(true);
    expect(c.view).toMatchObject({
      connected: true,
      integration_account_id: `+${c.business.display}`,
      connection_data: {
        phone_number_id: c.business.phoneNumberId,
        waba_id: c.business.wabaId,
        display_phone_number: c.business.display,
        verified_name: c.business.verifiedName,
        webhook_url: `${PUBLIC_URL}/api/webhooks/whatsapp/${c.integrationId}`,
      },
    });
    expect(c.view.connection_data.verify_token).toMatch(/^[0-9a-f]{40}$/);
    // Secrets are sealed and shown masked, never in full.
    const view = await call('GET', `/api/integrations/${c.integrationId}`, { token: c.owner.token });
    const text = JSON.stringify(view.json);
    expect(text).not.toContain(c.business.token);
    expect(text).not.toContain(c.business.appSecret);
    expect(view.json.connection_data.app_secret).toMatch(/^••••/);
    expect(view.json.connection_data.webhook_verified_at).toEqual(expect.any(String));
    // Every Graph call carried the proof of the app secret, under the pinned version.
    expect(meta.calls.filter((one) => one.status === 200).map((one) => one.path)).toEqual(
      expect.arrayContaining([
        `/v25.0/${c.business.phoneNumberId}`,
        `/v25.0/${c.business.wabaId}/subscribed_apps`,
      ]),
    );
  });

  it('fails with the §8 text for a wrong token, another app’s secret or an unknown number, and saves no connection', async () => {
    const owner = await signedInUser(t);
    const business = meta.addBusiness({ requireProof: true });
    const other = meta.addBusiness();
    for (const wrong of [
      { access_token: `EAAG${'x'.repeat(60)}` },
      { app_secret: other.appSecret },
      { phone_number_id: other.phoneNumberId },
    ]) {
      const id = await bed.addWhatsApp(owner, { ...bed.typed(business), ...wrong });
      const answer = await call('POST', `/api/integrations/connect/${id}`, { token: owner.token });
      expect(answer.status).toBe(422);
      expect(answer.json.message).toBe(CONNECT_FAILED);
      const view = await call('GET', `/api/integrations/${id}`, { token: owner.token });
      expect(view.json.connected).toBe(false);
      expect(view.json.connection_data.verify_token).toBeUndefined();
    }
    expect(business.subscribed).toBe(false);
  });

  it('answers Meta’s GET handshake with the challenge only for the verify token, without a signature', async () => {
    const c = await bed.connectedOwner();
    const token = c.view.connection_data.verify_token as string;
    const ok = await bed.handshake(c.integrationId, {
      'hub.mode': 'subscribe',
      'hub.challenge': '1158201444',
      'hub.verify_token': token,
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toContain('text/plain');
    expect(await ok.text()).toBe('1158201444');
    const refused: Record<string, string>[] = [
      { 'hub.mode': 'subscribe', 'hub.challenge': '1', 'hub.verify_token': `${token}x` },
      { 'hub.mode': 'unsubscribe', 'hub.challenge': '1', 'hub.verify_token': token },
      { 'hub.mode': 'subscribe', 'hub.verify_token': token },
    ];
    for (const query of refused) expect((await bed.handshake(c.integrationId, query)).status).toBe(403);
    // Another integration's token, an unknown one, a type without a handshake: no.
    const other = await bed.connectedOwner();
    const query = { 'hub.mode': 'subscribe', 'hub.challenge': '7', 'hub.verify_token': token };
    expect((await bed.handshake(other.integrationId, query)).status).toBe(403);
    expect((await bed.handshake(crypto.randomUUID(), query)).status).toBe(404);
    expect((await t.app.request(`/api/webhooks/wappi/${c.integrationId}?hub.mode=subscribe`)).status).toBe(
      404,
    );
  });

  it('keeps the verify token across a reset and a new connection', async () => {
    const c = await bed.connectedOwner();
    await call('POST', `/api/integrations/reset/${c.integrationId}`, { token: c.owner.token });
    expect(c.business.subscribed).toBe(false);
    const again = await call('POST', `/api/integrations/connect/${c.integrationId}`, {
      token: c.owner.token,
    });
    expect(again.json.connection_data.verify_token).toBe(c.view.connection_data.verify_token);
  });
});

describe('whatsapp: signatures and bodies', () => {
  it('holds the reference’s checked vector and refuses the same JSON re-serialised', async () => {
    const raw =
      '{"object":"whatsapp_business_account","entry":[{"id":"102290129340398","changes":[{"value":{"messaging_product":"whatsapp","metadata":{"display_phone_number":"15550783881","phone_number_id":"106540352242922"},"contacts":[{"profile":{"name":"\\u0418\\u0432\\u0430\\u043d"},"wa_id":"79991234567"}],"messages":[{"from":"79991234567","id":"wamid.TEST1","timestamp":"1749416383","type":"text","text":{"body":"\\u041f\\u0440\\u0438\\u0432\\u0435\\u0442 https:\\/\\/a.ru"}}]},"field":"messages"}]}]}';
    const header = 'sha256=46affae6f2a1ed3ba64bafb07385dbad4ac2b6377277168527fc4dad93687a40';
    expect(await signatureHolds('test_app_secret', raw, header)).toBe(true);
    expect(await signatureHolds('test_app_secret', JSON.stringify(JSON.parse(raw)), header)).toBe(false);
    expect(await signatureHolds('test_app_secret', raw, undefined)).toBe(false);
    expect(await signatureHolds('test_app_secret', raw, header.replace('sha256=', 'sha1='))).toBe(false);
  });

  it('takes Cyrillic as Meta escapes it, answers exactly 200, refuses a bad or missing signature with 401', async () => {
    const c = await bed.connectedOwner({ accumulation_messages_seconds: 60 });
    const waId = customerId();
    const delivery = await customerWrites(c, waId, 'Привет, есть запись на https://site.ru/a?');
    expect(delivery.raw).toContain('\\u041f\\u0440');
    expect(delivery.raw).toContain('https:\\/\\/site.ru');
    const answer = await bed.postHook(c.integrationId, delivery.raw, delivery.signature);
    expect(answer.status).toBe(200);
    expect((await stored(c.integrationId)).map((row) => row.text)).toEqual([
      'Привет, есть запись на https://site.ru/a?',
    ]);

    const raw = metaJson(
      envelope([meta.customerChange(c.business, { waId }, { type: 'text', text: { body: 'Ещё' } })]),
    );
    const resigned = JSON.stringify(JSON.parse(raw));
    expect(
      (await bed.postHook(c.integrationId, resigned, metaSignature(c.business.appSecret, raw))).status,
    ).toBe(401);
    expect((await bed.postHook(c.integrationId, raw)).status).toBe(401);
    expect((await bed.postHook(c.integrationId, raw, `sha256=${'0'.repeat(64)}`)).status).toBe(401);
    expect(await stored(c.integrationId)).toHaveLength(1);
  });

  it('answers a signed garbage body with 400, ignores unknown fields with 200, and drops NUL', async () => {
    const c = await bed.connectedOwner({ accumulation_messages_seconds: 60 });
    const sign = (raw: string) => metaSignature(c.business.appSecret, raw);
    for (const raw of ['{"object":"page","entry":[]}', 'not json', '[]']) {
      expect((await bed.postHook(c.integrationId, raw, sign(raw))).status).toBe(400);
    }
    const unknown = metaJson({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: c.business.wabaId,
          changes: [{ field: 'account_alerts', value: { x: 1 } }, { field: 'messages' }],
        },
      ],
    });
    expect((await bed.postHook(c.integrationId, unknown, sign(unknown))).status).toBe(200);
    const waId = customerId();
    await customerWrites(c, waId, 'При\u0000вет');
    expect((await stored(c.integrationId)).map((row) => row.text)).toEqual(['Привет']);
  });
});

describe('whatsapp: messages', () => {
  it('answers each message of a batch once, also when the same wamid comes twice at once and again later', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    const [first, second] = [customerId(), customerId()];
    const other = meta.addBusiness();
    const one = meta.customerChange(
      c.business,
      { waId: first, name: 'Анна' },
      { type: 'text', text: { body: 'Первый' } },
    );
    const two = meta.customerChange(c.business, { waId: second }, { type: 'text', text: { body: 'Второй' } });
    // Another number's change in the same WABA delivery is another integration's.
    const foreign = meta.customerChange(
      { ...other, wabaId: c.business.wabaId },
      { waId: first },
      {
        type: 'text',
        text: { body: 'Чужой' },
      },
    );
    llm.queue({ kind: 'text', text: 'Ответ 1' });
    llm.queue({ kind: 'text', text: 'Ответ 2' });
    const raw = metaJson(envelope([one, two, foreign]));
    const signature = metaSignature(c.business.appSecret, raw);
    const statuses = await Promise.all([1, 2, 3].map(() => bed.postHook(c.integrationId, raw, signature)));
    expect(statuses.map((answer) => answer.status)).toEqual([200, 200, 200]);
    await answersSent();
    expect((await bed.postHook(c.integrationId, raw, signature)).status).toBe(200);
    await answersSent();
    expect(llm.requests.filter((r) => r.path.endsWith('/chat/completions'))).toHaveLength(2);
    expect([...meta.sentTo(first), ...meta.sentTo(second)].sort()).toEqual(['Ответ 1', 'Ответ 2']);
    const rows = await stored(c.integrationId);
    expect(
      rows
        .filter((row) => row.author === 'customer')
        .map((row) => row.externalId)
        .sort(),
    ).toEqual([one.wamid, two.wamid].sort());
    expect((await chatOf(c, first))?.customerName).toBe('Анна');
  });

  it('keys a username-only customer by the BSUID and answers through `recipient`; a number keeps `to`', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    const bsuid = `US.${Date.now()}${customers++}`;
    llm.queue({ kind: 'text', text: 'Здравствуйте!' });
    expect((await meta.customerWrites(c.business, { userId: bsuid }, 'Привет'))?.status).toBe(200);
    await answersSent();
    expect(await chatOf(c, bsuid)).toBeDefined();
    expect(meta.sentTo(bsuid)).toEqual(['Здравствуйте!']);

    const both = `US.${Date.now()}${customers++}`;
    const waId = customerId();
    llm.queue({ kind: 'text', text: 'Добрый день!' });
    await meta.customerWrites(c.business, { userId: both, waId }, 'Алло');
    await answersSent();
    expect((await chatOf(c, both))?.channelRefs).toMatchObject({ wa_id: waId, user_id: both });
    expect(meta.sentTo(waId)).toEqual(['Добрый день!']);
  });

  it('splits a long answer at 4096 characters, in order', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    const waId = customerId();
    const answer = Array.from(
      { length: 9 },
      (_, i) => `Пункт ${i + 1}. ${'подробности '.repeat(80).trim()}`,
    ).join('\n\n');
    llm.queue({ kind: 'text', text: answer });
    await customerWrites(c, waId, 'Расскажите всё');
    await answersSent();
    const sent = meta.sentTo(waId);
    expect(sent).toHaveLength(3);
    for (const part of sent) expect(part.length).toBeLessThanOrEqual(4096);
    expect(sent.join('\n\n')).toBe(answer);
  });

  it('sends files as media by their public link', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    const waId = customerId();
    await customerWrites(c, waId, 'Пришлите прайс');
    const chat = await chatOf(c, waId);
    if (!chat) throw new Error('no chat');
    const attachment = (name: string, contentType: string, kind: 'image' | 'file') => ({
      fileId: crypto.randomUUID(),
      name,
      contentType,
      sizeBytes: 10,
      kind,
      signature: 'sig',
    });
    const message = {
      id: crypto.randomUUID(),
      text: 'Вот прайс',
      attachments: [
        attachment('price.pdf', 'application/pdf', 'file'),
        attachment('a.jpg', 'image/jpeg', 'image'),
      ],
    } as Message;
    await whatsappSender.deliver({ ports: t.ports, settings: t.settings } as never, chat, message);
    const sent = meta.sent.filter((one) => one.recipient === waId);
    expect(sent.map((one) => one.type)).toEqual(['text', 'document', 'image']);
    for (const one of sent.slice(1)) expect(one.link).toMatch(new RegExp(`^${PUBLIC_URL}/`));
  });

  it('says in the dialogue that the 24-hour window closed (131047) and does not send again', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    const waId = customerId();
    llm.queue({ kind: 'text', text: 'Здравствуйте!' });
    await customerWrites(c, waId, 'Добрый день');
    await answersSent();
    meta.advance(FAKE_WINDOW_MS + 60_000);
    const chat = await chatOf(c, waId);
    const before = sendCalls().length;
    const sent = await call('POST', `/api/chats/${chat?.id}/messages`, {
      token: c.owner.token,
      body: { text: 'Вы ещё с нами?' },
    });
    expect(sent.status).toBeLessThan(300);
    await answersSent();
    t.clock.advance(3_600_000);
    await answersSent();
    expect(
      sendCalls()
        .slice(before)
        .map((one) => one.status),
    ).toEqual([400]);
    expect(meta.sentTo(waId)).toEqual(['Здравствуйте!']);
    const system = (await stored(c.integrationId)).filter((row) => row.author === 'system');
    expect(system.map((row) => row.text)).toEqual([expect.stringContaining('131047')]);
    expect(system[0]?.text).toContain('24 час');
  });

  it('writes a failed status’s reason once (131047 after a wamid) and never lowers a status', async () => {
    const c = await bed.connectedOwner(
      { process_scheme: 'instant' },
      { windowRefusal: 'async', statusFlow: ['sent', 'read'] },
    );
    const waId = customerId();
    llm.queue({ kind: 'text', text: 'Здравствуйте!' });
    await customerWrites(c, waId, 'Привет');
    await answersSent();
    const [answered] = meta.sent.filter((one) => one.recipient === waId);
    if (!answered) throw new Error('not sent');
    expect(await deliveryStatusOf({ ports: t.ports } as never, c.integrationId, answered.wamid)).toBe('read');
    const late = statusChange(c.business, answered.wamid, 'delivered', waId, 1);
    expect((await meta.batch(c.business, [{ number: c.business, change: late }]))?.status).toBe(200);
    expect(await deliveryStatusOf({ ports: t.ports } as never, c.integrationId, answered.wamid)).toBe('read');

    meta.advance(FAKE_WINDOW_MS + 60_000);
    const chat = await chatOf(c, waId);
    await call('POST', `/api/chats/${chat?.id}/messages`, {
      token: c.owner.token,
      body: { text: 'Напоминаем' },
    });
    await answersSent();
    const failed = meta.deliveries.filter((one) => one.raw.includes('"failed"')).at(-1);
    if (!failed) throw new Error('no failed status');
    expect((await meta.redeliver(failed)).status).toBe(200);
    const system = (await stored(c.integrationId)).filter((row) => row.author === 'system');
    expect(system).toHaveLength(1);
    expect(system[0]?.text).toContain('131047');
  });

  it('takes the owner’s message in the Business app (smb_message_echoes) as the operator’s: the bot stops', async () => {
    const c = await bed.connectedOwner({ accumulation_messages_seconds: 60 });
    const waId = customerId();
    await customerWrites(c, waId, 'Можно с человеком?');
    expect((await meta.ownerWritesInApp(c.business, waId, 'Здравствуйте, это Мария'))?.status).toBe(200);
    await answersSent();
    expect(llm.requests).toHaveLength(0);
    expect((await stored(c.integrationId)).map((row) => [row.author, row.text])).toEqual([
      ['customer', 'Можно с человеком?'],
      ['operator', 'Здравствуйте, это Мария'],
    ]);
    expect((await chatOf(c, waId))?.state).not.toBe('working');
    expect(meta.sentTo(waId)).toEqual([]);
  });

  it('does not take an echo of our own send for a manager’s', async () => {
    const c = await bed.connectedOwner({ process_scheme: 'instant' });
    const waId = customerId();
    llm.queue({ kind: 'text', text: 'Здравствуйте!' });
    await customerWrites(c, waId, 'Привет');
    await answersSent();
    const [ours] = meta.sent.filter((one) => one.recipient === waId);
    await meta.ownerWritesInApp(c.business, waId, 'Здравствуйте!', ours?.wamid);
    llm.queue({ kind: 'text', text: 'Записала.' });
    await customerWrites(c, waId, 'Запишите на завтра');
    await answersSent();
    expect(meta.sentTo(waId)).toEqual(['Здравствуйте!', 'Записала.']);
    expect((await stored(c.integrationId)).some((row) => row.author === 'operator')).toBe(false);
  });
});
