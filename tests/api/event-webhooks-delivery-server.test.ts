import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, apiCall, readyAccount } from '../e2e/support/account';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { type FakeWebhookReceiver, startWebhookReceiver } from '../fakes/webhook-receiver';
import { type LocalServer, startLocalServer } from '../support/local-server';
import { type ProcessDatabase, processDatabase } from '../support/process-database';
import { waitUntil } from '../support/wait-until';
import { newWebhookSecret } from './support/event-webhooks';

/**
 * Event webhooks through the real `npm start` process (issue #27 §3): an endpoint created through
 * the API by a signed-in owner, a Check message, and the receiver — verifying with the
 * `standardwebhooks` library, with the secret the API showed, against the real clock — gets
 * message.received, then message.answered. Starts a real server: run under `flock /tmp/npm-start.lock`.
 */
const KEY = 'sk-event-webhooks-0123456789';
const SECRETS_KEY = randomBytes(32).toString('base64');

let database: ProcessDatabase;
let llm: FakeOpenAi;
let receiver: FakeWebhookReceiver;
let server: LocalServer;
let owner: Account;

beforeAll(async () => {
  database = await processDatabase('event-webhooks');
  [llm, receiver] = await Promise.all([
    startFakeOpenAi({ apiKey: KEY }),
    startWebhookReceiver(newWebhookSecret()),
  ]);
  server = await startLocalServer(database.dataDir, undefined, {
    DATABASE_URL: database.url,
    LLM_BASE_URL: llm.baseUrl,
    LLM_API_KEY: KEY,
    SECRETS_KEY,
    // The receiver listens on 127.0.0.1: a closed installation's allowance.
    ALLOW_PRIVATE_ADDRESSES: 'true',
  });
  owner = await readyAccount(server, 'hooks');
}, 240_000);

afterAll(async () => {
  await server?.stop();
  await Promise.all([llm?.close(), receiver?.close()]);
  await database?.close();
});

describe('event webhooks under npm start', () => {
  it('a Check message: the receiver gets message.received, then message.answered, signed', async () => {
    const { id: botId } = (await apiCall(
      server,
      'POST',
      '/api/bot',
      {
        name: 'Консультант',
        model: 'gpt-4o-mini',
        system_prompt: 'Отвечай коротко.',
        goal_prompt: 'Помочь клиенту',
        process_scheme: 'instant',
      },
      owner.token,
    )) as { id: string };
    await apiCall(server, 'PATCH', `/api/bot/${botId}`, { is_work: true }, owner.token);
    // Created through the API after the owner's sign-in is cached: the account's next message must
    // see its new endpoint (accounts.has_event_webhooks, the cached sign-in marked stale).
    const created = (await apiCall(
      server,
      'POST',
      '/api/event-webhooks',
      { url: receiver.endpointUrl, events: ['message.received', 'message.answered'] },
      owner.token,
    )) as { secret: string };
    receiver.useSecret(created.secret);
    llm.queue({ kind: 'text', text: 'Стрижка стоит 1500 ₽' });
    const sent = (await apiCall(
      server,
      'POST',
      '/api/check/messages',
      { bot_id: botId, text: 'Сколько стоит стрижка?' },
      owner.token,
    )) as { chat_id: string; message: { id: string } };

    await waitUntil(() => receiver.events.length >= 2, 30_000);
    expect(receiver.events.map((event) => event.type)).toEqual(['message.received', 'message.answered']);
    expect(receiver.events[0]?.data).toMatchObject({
      chat_id: sent.chat_id,
      message_id: sent.message.id,
      text: 'Сколько стоит стрижка?',
    });
    expect(receiver.events[1]?.data).toMatchObject({ chat_id: sent.chat_id, text: 'Стрижка стоит 1500 ₽' });
    // Each verified by the library at the first attempt, nothing refused.
    expect(receiver.requests.map((request) => request.status)).toEqual([200, 200]);
  });
});
