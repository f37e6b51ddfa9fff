import { afterEach, describe, expect, it } from 'vitest';
import { type FakeOpenAi, type FakeOpenAiOptions, startFakeOpenAi } from '../fakes/openai';

/**
 * ISSUE 26 §3: the fake model of `npm run simulate` answers requests beyond its queued steps after a
 * drawn latency, and fails a share of them with OpenAI's 500, as a provider does now and then.
 */
const KEY = 'sk-unscripted-0123456789';
let fake: FakeOpenAi | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function ask(options: Omit<FakeOpenAiOptions, 'apiKey'>, text = 'Привет') {
  fake ??= await startFakeOpenAi({ apiKey: KEY, ...options });
  const response = await fetch(`${fake.baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: text }] }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the fake OpenAI endpoint beyond its script', () => {
  it('fails the drawn share with a 500 server_error in OpenAI’s error body', async () => {
    const answer = await ask({ unscripted: { failureRate: 0.5, random: () => 0.2 } });
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({
      error: {
        message: 'The server had an error while processing your request. Sorry about that!',
        type: 'server_error',
        param: null,
        code: null,
      },
    });
  });

  it('answers the others with the echo, after the latency drawn for each', async () => {
    const drawn: number[] = [];
    const options = {
      unscripted: {
        failureRate: 0.5,
        random: () => 0.7,
        delayMs: () => {
          drawn.push(5);
          return 5;
        },
      },
    };
    const answer = await ask(options, 'Сколько стоит?');
    expect(answer.status).toBe(200);
    expect(answer.body.choices).toMatchObject([{ message: { content: 'Сколько стоит?' } }]);
    expect(drawn).toEqual([5]);
  });

  it('still answers queued steps first, and without the option echoes as before', async () => {
    fake = await startFakeOpenAi({ apiKey: KEY, unscripted: { failureRate: 1 } });
    fake.queue({ kind: 'text', text: 'по сценарию' });
    expect((await ask({})).body.choices).toMatchObject([{ message: { content: 'по сценарию' } }]);
    expect((await ask({})).status).toBe(500);
    await fake.close();
    fake = undefined;
    const plain = await ask({}, 'эхо');
    expect(plain.status).toBe(200);
    expect(plain.body.choices).toMatchObject([{ message: { content: 'эхо' } }]);
  });
});
