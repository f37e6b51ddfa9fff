import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chats, integrations, messages as messagesTable } from '../../db/schema';
import type { FakeWazzupChannel, FakeWazzupParcel, FakeWazzupSent } from '../fakes/wazzup';
import { call, signedIn } from './support/api';
import { withDb } from './support/db';

/** global-setup.ts points the Worker at the fake Wazzup; its `/__fake/...` endpoints live there too. */
const wazzupApi = env.WAZZUP_API_ROOT;

async function fake<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${wazzupApi}/__fake/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`fake Wazzup ${path}: ${response.status} ${await response.text()}`);
  return response.json<T>();
}

interface FakeState {
  apiKey: string;
  channels: FakeWazzupChannel[];
  webhooksUri: string | null;
  subscriptions: Record<string, unknown>;
}

const fakeWazzup = {
  state: () => fake<FakeState>('state'),
  sent: async () => (await fake<{ sent: FakeWazzupSent[] }>('sent')).sent,
  customerWrites: (chatId: string, text: string, name: string) =>
    fake<{ messageId: string; body: unknown }>('customer-writes', { chatId, text, name }),
  managerWrites: (chatId: string, text: string) => fake('manager-writes', { chatId, text }),
  channelState: (state: 'qr' | 'active', qr?: string) => fake('channel-state', { state, qr }),
  loggedOut: () => fake('logged-out', {}),
};

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Wazzup POSTs to the Worker's public address, which the fake cannot reach from Node: each delivery
 * waits in the fake's outbox, and this hands the next one to the Worker as Wazzup would have sent
 * it, then tells the fake the status it got. Answers that status and the body.
 */
async function relayNext(): Promise<{ status: number; body: Record<string, unknown> }> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { parcels } = await fake<{ parcels: FakeWazzupParcel[] }>('outbox');
    const parcel = parcels[0];
    if (parcel) {
      const response = await SELF.fetch(parcel.uri, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset-utf-8' },
        body: JSON.stringify(parcel.body),
      });
      await response.body?.cancel();
      await fake(`outbox/${parcel.id}`, { status: response.status });
      return { status: response.status, body: parcel.body as Record<string, unknown> };
    }
    await sleep(50);
  }
  throw new Error('Wazzup delivered nothing');
}

const post = (uri: string, body: unknown) =>
  SELF.fetch(uri, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset-utf-8' },
    body: JSON.stringify(body),
  });

interface ChatItem {
  id: string;
  channel: string;
  external_id: string;
  state: string;
  customer: { name: string | null; phone: string | null };
  last_message: { text: string; author: string } | null;
}

describe('the Wazzup channel in the production shape (Neon, Upstash, the Worker’s fetch)', () => {
  it('connects behind the probe, takes customers and managers by webhook, follows the QR and sends', async () => {
    const token = await signedIn();
    const { apiKey, channels } = await fakeWazzup.state();
    const whatsapp = channels.find((channel) => channel.transport === 'whatsapp');
    if (!whatsapp) throw new Error('no WhatsApp channel');

    const created = await call<{ id: string }>('POST', '/api/integrations', {
      token,
      body: { type: 'wazzup', connection_data: { api_key: apiKey } },
    });
    expect(created.status).toBe(201);
    const integrationId = created.json.id;
    const bot = await call<{ id: string }>('POST', '/api/bot', {
      token,
      body: {
        name: 'Worker wazzup bot',
        system_prompt: 'You are a helpful assistant.',
        accumulation_messages_seconds: 60,
        conditions: { channels: [integrationId] },
      },
    });
    expect(bot.status).toBe(201);
    expect((await call('PATCH', `/api/bot/${bot.json.id}`, { token, body: { is_work: true } })).status).toBe(
      200,
    );

    // Connecting: PATCH /v3/webhooks makes Wazzup probe the address, and waits for the answer.
    const connecting = call('POST', `/api/integrations/connect/${integrationId}`, { token });
    const probe = await relayNext();
    expect(probe).toEqual({ status: 200, body: { test: true } });
    const connected = await connecting;
    expect(connected.status).toBe(200);
    expect(connected.json).toMatchObject({
      connected: true,
      integration_account_id: `+${whatsapp.plainId}`,
      connection_data: { channel_id: whatsapp.channelId, channel_phone: whatsapp.plainId },
    });
    const { webhooksUri } = await fakeWazzup.state();
    const uri = new URL(webhooksUri ?? '');
    expect(`${uri.origin}${uri.pathname}`).toBe(`${env.PUBLIC_URL}/api/webhooks/wazzup/${integrationId}`);
    const secret = uri.searchParams.get('secret') ?? '';
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The key and the secret are sealed under SECRETS_KEY inside workerd, never stored plain.
    const stored = await withDb(async (db) => {
      const [row] = await db.select().from(integrations).where(eq(integrations.id, integrationId));
      return JSON.stringify(row?.connectionData);
    });
    expect(stored).toContain('"ct"');
    expect(stored).not.toContain(apiKey);
    expect(stored).not.toContain(secret);

    // A customer writes; the forged address is refused, the real one taken, a redelivery stored once.
    const phone = `7977${String(Date.now()).slice(-6)}`;
    const written = await fakeWazzup.customerWrites(phone, 'Hello from WhatsApp', 'Olga');
    const forged = new URL(uri);
    forged.searchParams.set('secret', `${secret}x`);
    const refused = await post(forged.toString(), written.body);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'unauthorized' });
    expect((await relayNext()).status).toBe(200);
    expect((await post(uri.toString(), written.body)).status).toBe(200);
    const listed = await call<{ total: number; items: ChatItem[] }>('GET', '/api/chats', { token });
    expect(listed.json.items).toHaveLength(1);
    const [chat] = listed.json.items;
    expect(chat).toMatchObject({
      channel: 'wazzup',
      external_id: phone,
      customer: { name: 'Olga', phone },
      last_message: { text: 'Hello from WhatsApp', author: 'customer' },
    });
    if (!chat) throw new Error('no chat');

    // The QR: getqr opens a flow; Wazzup pushes a QR by webhook, then the channel is active.
    await fakeWazzup.loggedOut();
    const waiting = await call<{ state: { state: string }; url: string }>(
      'GET',
      `/api/integrations/${integrationId}/getqr`,
      { token },
    );
    expect(waiting.json.state.state).toBe('waiting');
    expect(waiting.json.url).toContain(`/parties/main/qr%3A${integrationId}?token=`);
    const qr = 'data:image/png;base64,V29ya2VyIFFS';
    await fakeWazzup.channelState('qr', qr);
    expect((await relayNext()).status).toBe(200);
    const shown = await call<{ state: { state: string; qr?: string } }>(
      'GET',
      `/api/integrations/${integrationId}/getqr`,
      { token },
    );
    expect(shown.json.state).toMatchObject({ state: 'qr', qr });
    await fakeWazzup.channelState('active');
    expect((await relayNext()).status).toBe(200);
    const scanned = await call<{ state: { state: string } }>(
      'GET',
      `/api/integrations/${integrationId}/getqr`,
      {
        token,
      },
    );
    expect(scanned.json.state).toEqual({ state: 'connected' });

    // The operator answers from Chats: POST /v3/message with our id; its echo comes back and is ignored.
    const sent = await call('POST', `/api/chats/${chat.id}/messages`, {
      token,
      body: { text: 'Hi, this is Anna.' },
    });
    expect(sent.status).toBe(201);
    const operatorId = (
      await withDb((db) => db.select().from(messagesTable).where(eq(messagesTable.chatId, chat.id)))
    ).find((message) => message.author === 'operator')?.id;
    expect((await fakeWazzup.sent()).filter((one) => one.chatId === phone)).toEqual([
      expect.objectContaining({ text: 'Hi, this is Anna.', crmMessageId: operatorId, chatType: 'whatsapp' }),
    ]);
    const echo = await relayNext();
    expect(echo.status).toBe(200);
    expect(JSON.stringify(echo.body)).toContain('"isEcho":true');
    // Its statuses (delivered, read) follow.
    expect((await relayNext()).status).toBe(200);
    expect((await relayNext()).status).toBe(200);

    // A manager writes from the phone: the operator's message, and the bot stops in the chat.
    await fakeWazzup.managerWrites(phone, 'Maria here, I will help');
    expect((await relayNext()).status).toBe(200);
    const rows = await withDb((db) =>
      db.select().from(messagesTable).where(eq(messagesTable.chatId, chat.id)).orderBy(messagesTable.seq),
    );
    expect(rows.map((row) => [row.author, row.text])).toEqual([
      ['customer', 'Hello from WhatsApp'],
      ['operator', 'Hi, this is Anna.'],
      ['operator', 'Maria here, I will help'],
    ]);
    const [after] = await withDb((db) => db.select().from(chats).where(eq(chats.id, chat.id)));
    expect(after?.state).not.toBe('working');
  });
});
