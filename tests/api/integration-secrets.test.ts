import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chats, integrations, messages } from '../../db/schema';
import { createApp } from '../../functions/app';
import { rowsOf } from '../../functions/ports/db';
import { isSealed } from '../../functions/secrets/secret-box';
import { type FakeTelegram, type FakeTelegramBot, startFakeTelegram } from '../fakes/telegram';
import { createTestApp, type TestApp } from '../support/test-app';
import { apiClient, type Call, signedInUser } from './support/client';

/**
 * Integration credentials at rest (ARCHITECTURE §4): the bot token and the webhook secret are stored
 * sealed under SECRETS_KEY, the API shows only the type's allowed fields, the server opens them
 * where it uses them, plain rows from before encryption keep working, and a wrong key fails closed.
 */

const PUBLIC_URL = 'https://bots.example.com';
const WRONG_KEY = 'ff'.repeat(32);

let t: TestApp;
let call: Call;
let telegram: FakeTelegram;

beforeAll(async () => {
  telegram = await startFakeTelegram();
  t = await createTestApp({ settings: { publicUrl: PUBLIC_URL, apiRoots: { telegram: telegram.url } } });
  call = apiClient(t);
});

afterAll(async () => {
  await t.close();
  await telegram.close();
});

async function connectedBot() {
  const owner = await signedInUser(t);
  const tg = telegram.addBot(`vault_${crypto.randomUUID().slice(0, 8)}_bot`, 'Салон');
  const created = await call('POST', '/api/integrations', {
    token: owner.token,
    body: { type: 'telegram', connection_data: { token: tg.token, note: 'not a field of telegram' } },
  });
  expect(created.status).toBe(201);
  const id = created.json.id as string;
  const connected = await call('POST', `/api/integrations/connect/${id}`, { token: owner.token });
  expect(connected.status).toBe(200);
  const secret = telegram.webhookOf(tg.token)?.secretToken;
  if (!secret) throw new Error('no webhook secret registered');
  return { owner, tg, id, secret, answers: [created.json, connected.json] as unknown[] };
}

const storedData = async (id: string) => {
  const [row] = await t.db.select().from(integrations).where(eq(integrations.id, id));
  if (!row) throw new Error('no integration row');
  return row.connectionData;
};

function postUpdate(app: TestApp['app'], id: string, update: unknown, secret: string) {
  return app.request(`/api/webhooks/telegram/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
    body: JSON.stringify(update),
  });
}

/** A customer writes to the bot; the webhook takes it; the operator answers from the chats screen. */
async function roundTrip(bot: { owner: { token: string }; tg: FakeTelegramBot; id: string; secret: string }) {
  const chatId = Math.floor(Math.random() * 1e9);
  const update = telegram.userWrites(bot.tg.token, chatId, { text: 'Здравствуйте' });
  const taken = await postUpdate(t.app, bot.id, update, bot.secret);
  expect(taken.status).toBe(200);
  const [chat] = await t.db
    .select()
    .from(chats)
    .where(and(eq(chats.integrationId, bot.id), eq(chats.externalId, String(chatId))));
  if (!chat) throw new Error('the update was not stored');
  const text = `Ответ оператора ${chatId}`;
  const sent = await call('POST', `/api/chats/${chat.id}/messages`, {
    token: bot.owner.token,
    body: { text },
  });
  expect(sent.status).toBe(201);
  expect(telegram.sentTexts(bot.tg.token, chatId)).toContain(text);
  return { chat, chatId };
}

describe('integration credentials at rest', () => {
  it('stores the bot token and the webhook secret sealed, never in plain text', async () => {
    const bot = await connectedBot();
    const data = await storedData(bot.id);
    expect(isSealed(data.token)).toBe(true);
    expect(isSealed(data.webhook_secret)).toBe(true);
    expect(data).toMatchObject({ bot_username: bot.tg.username, bot_id: bot.tg.id });
    expect(data).not.toHaveProperty('note');
    const [raw] = rowsOf<{ text: string }>(
      await t.db.execute(sql`select connection_data::text as text from integrations where id = ${bot.id}`),
    );
    expect(raw?.text).toBeDefined();
    expect(raw?.text).not.toContain(bot.tg.token);
    expect(raw?.text).not.toContain(bot.tg.token.split(':')[1]);
    expect(raw?.text).not.toContain(bot.secret);
  });

  it('never answers the token or the secret, only the type’s allowed fields', async () => {
    const bot = await connectedBot();
    const one = await call('GET', `/api/integrations/${bot.id}`, { token: bot.owner.token });
    const list = await call('GET', '/api/integrations', { token: bot.owner.token });
    const saved = await call('PATCH', `/api/integrations/${bot.id}`, {
      token: bot.owner.token,
      body: { connection_data: { token: `••••${bot.tg.token.slice(-4)}` } },
    });
    for (const answer of [...bot.answers, one.json, list.json, saved.json]) {
      const text = JSON.stringify(answer);
      expect(text).not.toContain(bot.tg.token);
      expect(text).not.toContain(bot.secret);
      expect(text).not.toContain('"ct"');
    }
    expect(Object.keys(one.json.connection_data).sort()).toEqual(
      ['bot_id', 'bot_name', 'bot_username', 'connected_at', 'token'].sort(),
    );
    expect(one.json.connection_data.token).toBe(`••••${bot.tg.token.slice(-4)}`);
    expect(saved.json).toMatchObject({ connected: true });
  });

  it('still checks the webhook secret and still sends through the bot', async () => {
    const bot = await connectedBot();
    const update = telegram.userWrites(bot.tg.token, 42, { text: 'Привет' });
    expect((await postUpdate(t.app, bot.id, update, `${bot.secret}x`)).status).toBe(401);
    await roundTrip(bot);
  });

  it('reads plain rows from before encryption, and seals them on the next save', async () => {
    const bot = await connectedBot();
    const legacy = { ...(await storedData(bot.id)), token: bot.tg.token, webhook_secret: bot.secret };
    await t.db.update(integrations).set({ connectionData: legacy }).where(eq(integrations.id, bot.id));

    const shown = await call('GET', `/api/integrations/${bot.id}`, { token: bot.owner.token });
    expect(shown.json.connection_data.token).toBe(`••••${bot.tg.token.slice(-4)}`);
    expect(JSON.stringify(shown.json)).not.toContain(bot.secret);
    await roundTrip(bot);

    const saved = await call('PATCH', `/api/integrations/${bot.id}`, {
      token: bot.owner.token,
      body: { connection_data: { token: shown.json.connection_data.token } },
    });
    expect(saved.json).toMatchObject({ connected: true });
    const data = await storedData(bot.id);
    expect(isSealed(data.token)).toBe(true);
    expect(isSealed(data.webhook_secret)).toBe(true);
    expect(JSON.stringify(data)).not.toContain(bot.secret);
    // The same token typed again in full is no new credential: the connection holds.
    const retyped = await call('PATCH', `/api/integrations/${bot.id}`, {
      token: bot.owner.token,
      body: { connection_data: { token: bot.tg.token } },
    });
    expect(retyped.json).toMatchObject({ connected: true });
    await roundTrip(bot);
  });

  it('fails closed under a wrong key: nothing is read or sent, the server keeps serving', async () => {
    const bot = await connectedBot();
    const wrong = { ...t, app: createApp(t.ports, { ...t.settings, secretsKey: WRONG_KEY }) };
    const wrongCall = apiClient(wrong);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const update = telegram.userWrites(bot.tg.token, 77, { text: 'Привет' });
      const refused = await postUpdate(wrong.app, bot.id, update, bot.secret);
      expect(refused.status).toBe(500);
      expect(await refused.json()).toMatchObject({ code: 'internal_error' });
      const logged = errors.mock.calls.flat().map(String).join('\n');
      expect(logged).toContain('connection_data.webhook_secret cannot be decrypted');
      expect(logged).not.toContain(bot.secret);

      const stored = await t.db
        .select()
        .from(messages)
        .innerJoin(chats, eq(chats.id, messages.chatId))
        .where(eq(chats.integrationId, bot.id));
      expect(stored).toEqual([]);

      // Connecting cannot read the token either: the owner sees the §8 failure, not a crash.
      const reconnect = await wrongCall('POST', `/api/integrations/connect/${bot.id}`, {
        token: bot.owner.token,
      });
      expect(reconnect.status).toBe(422);
      expect(reconnect.json.code).toBe('integration_connect_failed');

      // Sending through the bot fails closed: the message is stored, nothing goes to Telegram.
      const { chat } = await roundTrip(bot);
      const before = telegram.accepted('sendMessage', bot.tg.token).length;
      const sent = await wrongCall('POST', `/api/chats/${chat.id}/messages`, {
        token: bot.owner.token,
        body: { text: 'Не уйдёт' },
      });
      expect(sent.status).toBe(201);
      expect(telegram.accepted('sendMessage', bot.tg.token)).toHaveLength(before);

      // The same app still serves everything else.
      expect((await wrongCall('GET', `/api/integrations/${bot.id}`, { token: bot.owner.token })).status).toBe(
        200,
      );
      const allLogs = [...errors.mock.calls, ...warnings.mock.calls].flat().map(String).join('\n');
      expect(allLogs).not.toContain(bot.tg.token);
    } finally {
      errors.mockRestore();
      warnings.mockRestore();
    }
    // Under the right key the same integration works as before.
    await roundTrip(bot);
  });
});
