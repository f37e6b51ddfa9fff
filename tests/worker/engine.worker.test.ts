import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { RESPOND_JOB } from '../../functions/engine/job-names';
import { jobUrl } from '../../functions/ports/jobs-qstash';
import type { PublishedMessage } from '../fakes/qstash';
import { call, signedIn } from './support/api';
import { deliver, sign } from './support/jobs';

async function publishedRespondJobs(): Promise<PublishedMessage[]> {
  const response = await fetch(`${env.QSTASH_URL}/__fake/messages`);
  const { messages } = await response.json<{ messages: PublishedMessage[] }>();
  return messages.filter((message) => message.destination === jobUrl(env.PUBLIC_URL, RESPOND_JOB));
}

async function fakeLlm(path: string, body?: unknown): Promise<{ count: number }> {
  const origin = new URL(env.LLM_BASE_URL).origin;
  const response = await fetch(`${origin}${path}`, {
    method: body === undefined && path.endsWith('requests') ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? (path.endsWith('requests') ? undefined : '{}') : JSON.stringify(body),
  });
  return response.json<{ count: number }>();
}

async function workingBot(token: string, settings: Record<string, unknown> = {}): Promise<string> {
  const bot = await call<{ id: string }>('POST', '/api/bot', {
    token,
    body: { name: 'Worker bot', system_prompt: 'You are a helpful assistant.', ...settings },
  });
  expect(bot.status).toBe(201);
  expect((await call('PATCH', `/api/bot/${bot.json.id}`, { token, body: { is_work: true } })).status).toBe(
    200,
  );
  return bot.json.id;
}

async function say(token: string, botId: string, text: string) {
  const sent = await call<{ chat_id: string; message: { id: string }; answer_due_at: string }>(
    'POST',
    '/api/check/messages',
    { token, body: { bot_id: botId, text } },
  );
  expect(sent.status).toBe(202);
  return sent.json;
}

async function checkDialogue(token: string, botId: string) {
  const shown = await call<{ messages: { author: string; text: string }[]; answer_due_at: string | null }>(
    'GET',
    `/api/check/messages?bot_id=${botId}`,
    { token },
  );
  return shown.json;
}

/** The respond jobs QStash holds for a chat (published and not dropped as duplicates), oldest first. */
async function respondJobsFor(chatId: string): Promise<PublishedMessage[]> {
  return (await publishedRespondJobs()).filter(
    (message) => message.body.includes(chatId) && !message.deduplicated,
  );
}

async function jobFor(messageId: string): Promise<string> {
  const job = (await publishedRespondJobs()).find((message) => message.body.includes(messageId));
  if (!job) throw new Error(`no respond job for ${messageId}`);
  return job.body;
}

describe('the bot engine in the production shape (QStash delay, signed delivery, Neon)', () => {
  it('publishes the answer with the accumulation delay and runs it when QStash delivers it', async () => {
    const token = await signedIn();
    const bot = await call<{ id: string }>('POST', '/api/bot', {
      token,
      body: {
        name: 'Worker bot',
        system_prompt: 'You are a helpful assistant.',
        accumulation_messages_seconds: 45,
      },
    });
    expect(bot.status).toBe(201);
    expect((await call('PATCH', `/api/bot/${bot.json.id}`, { token, body: { is_work: true } })).status).toBe(
      200,
    );

    const sent = await call<{ chat_id: string; message: { id: string }; answer_due_at: string }>(
      'POST',
      '/api/check/messages',
      { token, body: { bot_id: bot.json.id, text: 'Hello' } },
    );
    expect(sent.status).toBe(202);
    expect(sent.json.answer_due_at).toEqual(expect.any(String));

    const job = (await publishedRespondJobs()).find((message) => message.body.includes(sent.json.message.id));
    expect(job).toMatchObject({ delay: '45s', deduplicationId: `${RESPOND_JOB}:${sent.json.message.id}` });
    expect(JSON.parse(job?.body ?? '')).toEqual({
      chatId: sent.json.chat_id,
      upToMessageId: sent.json.message.id,
    });

    // QStash delivers it, signed, and again (at least once): one answer, charged once.
    await fakeLlm('/__fake/queue', [{ kind: 'text', text: 'Hi! How can I help?' }]);
    const body = job?.body ?? '';
    const delivered = await deliver({ name: RESPOND_JOB, body, signature: await sign(RESPOND_JOB, body) });
    expect(delivered.status).toBe(200);
    const again = await deliver({ name: RESPOND_JOB, body, signature: await sign(RESPOND_JOB, body) });
    expect(again.status).toBe(200);

    const shown = await checkDialogue(token, bot.json.id);
    expect(shown.answer_due_at).toBeNull();
    expect(shown.messages.map((message) => [message.author, message.text])).toEqual([
      ['customer', 'Hello'],
      ['bot', 'Hi! How can I help?'],
    ]);
    const history = await call<{ total: number; items: { event: string; price_minor: number }[] }>(
      'GET',
      '/api/history',
      { token },
    );
    expect(history.json.total).toBe(1);
    expect(history.json.items[0]).toMatchObject({ event: 'answered' });
    expect(history.json.items[0]?.price_minor).toBeGreaterThan(0);
  });

  it('serialises two respond jobs of one chat delivered at once: each message answered once', async () => {
    const token = await signedIn();
    const bot = await workingBot(token, { process_scheme: 'instant' });
    await fakeLlm('/__fake/reset');
    await fakeLlm('/__fake/queue', [
      { kind: 'text', text: 'First answer', delayMs: 600 },
      { kind: 'text', text: 'Second answer' },
    ]);
    const first = await say(token, bot, 'How much is a haircut?');
    const seen = new Set((await publishedRespondJobs()).map((message) => message.messageId));
    const firstJob = await jobFor(first.message.id);
    const older = deliver({
      name: RESPOND_JOB,
      body: firstJob,
      signature: await sign(RESPOND_JOB, firstJob),
    });
    for (let i = 0; i < 100 && (await fakeLlm('/__fake/requests')).count === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const second = await say(token, bot, 'And colouring?');
    const secondJob = await jobFor(second.message.id);
    for (const message of await publishedRespondJobs()) seen.add(message.messageId);
    const newer = deliver({
      name: RESPOND_JOB,
      body: secondJob,
      signature: await sign(RESPOND_JOB, secondJob),
    });
    expect((await Promise.all([older, newer])).map((response) => response.status)).toEqual([200, 200]);

    // The newer run found the chat taken and was scheduled again; QStash delivers what it holds.
    const later = (await respondJobsFor(first.chat_id)).filter((message) => !seen.has(message.messageId));
    expect(later.length).toBeGreaterThan(0);
    for (const { body } of later) {
      const delivered = await deliver({ name: RESPOND_JOB, body, signature: await sign(RESPOND_JOB, body) });
      expect(delivered.status).toBe(200);
    }
    const shown = await checkDialogue(token, bot);
    expect(shown.messages.map((message) => [message.author, message.text])).toEqual([
      ['customer', 'How much is a haircut?'],
      // The second message came while the first answer was being written.
      ['customer', 'And colouring?'],
      ['bot', 'First answer'],
      ['bot', 'Second answer'],
    ]);
    expect((await fakeLlm('/__fake/requests')).count).toBe(2);
    const history = await call<{ total: number }>('GET', '/api/history', { token });
    expect(history.json.total).toBe(2);
  });
});
