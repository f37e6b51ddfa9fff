import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealSecret } from '../../functions/secrets/secret-box';
import { EVENT_WEBHOOK_SECRET_LABEL } from '../../functions/shared/event-webhooks';
import { type Account, apiCall, readyAccount } from '../e2e/support/account';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';
import { type FakeWebhookReceiver, startWebhookReceiver } from '../fakes/webhook-receiver';
import { type LocalServer, startLocalServer } from '../support/local-server';
import { type ProcessDatabase, processDatabase } from '../support/process-database';
import { withSql } from '../support/process-traffic';
import { waitUntil } from '../support/wait-until';
import { newWebhookSecret } from './support/event-webhooks';

/**
 * Event webhooks through the real `npm start` process (issue #27 §3): an endpoint of the account
 * (written into the process's Postgres as the management API writes it, its secret sealed under the
 * process's SECRETS_KEY), a Check message, and the receiver — verifying with the `standardwebhooks`
 * library against the real clock — gets message.received, then message.answered. Starts a real
 * server: run under `flock /tmp/npm-start.lock`.
 */
const KEY = 'sk-event-webhooks-0123456789';
const SECRETS_KEY = randomBytes(32).toString('base64');
const secret = newWebhookSecret();

let database: ProcessDatabase;
let llm: FakeOpenAi;
let receiver: FakeWebhookReceiver;
let server: LocalServer;
let owner: Account;

beforeAll(async () => {
  database = await processDatabase('event-webhooks');
  [llm, receiver] = await Promise.all([startFakeOpenAi({ apiKey: KEY }), startWebhookReceiver(secret)]);
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
    const sealed = await sealSecret(SECRETS_KEY, EVENT_WEBHOOK_SECRET_LABEL, secret);
    await withSql(database.url, async (sql) => {
      const [account] = await sql`select id from accounts where email = ${owner.email}`;
      await sql`insert into event_webhook_endpoints (account_id, url, events, secret_sealed, created_at)
        values (${account?.id}, ${receiver.endpointUrl}, ${['message.received', 'message.answered']},
          ${JSON.stringify(sealed)}, now())`;
    });
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
