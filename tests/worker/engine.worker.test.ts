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

    // QStash delivers it, signed. The Worker under test has no model endpoint: the answer is an error row.
    const body = job?.body ?? '';
    const delivered = await deliver({ name: RESPOND_JOB, body, signature: await sign(RESPOND_JOB, body) });
    expect(delivered.status).toBe(200);
    const again = await deliver({ name: RESPOND_JOB, body, signature: await sign(RESPOND_JOB, body) });
    expect(again.status).toBe(200);

    const shown = await call<{ messages: { author: string; text: string }[]; answer_due_at: string | null }>(
      'GET',
      `/api/check/messages?bot_id=${bot.json.id}`,
      { token },
    );
    expect(shown.json.answer_due_at).toBeNull();
    expect(shown.json.messages.map((message) => message.author)).toEqual(['customer', 'system']);
    expect(shown.json.messages[1]?.text).toMatch(/^The model did not answer: /);
    const history = await call<{ total: number; items: { event: string; price_minor: number }[] }>(
      'GET',
      '/api/history',
      { token },
    );
    expect(history.json.total).toBe(1);
    expect(history.json.items[0]).toMatchObject({ event: 'llm_error', price_minor: 0 });
  });
});
