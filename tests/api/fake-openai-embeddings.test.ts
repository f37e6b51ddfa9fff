import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LlmError } from '../../functions/ports/llm';
import { OpenAiLlm } from '../../functions/ports/llm-openai';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';

const KEY = 'sk-embeddings-test-0123456789';
let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: KEY });
});
afterAll(() => fake.close());

const post = (body: unknown, key = KEY) =>
  fetch(`${fake.baseUrl}/embeddings`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the fake embeddings endpoint refuses what OpenAI refuses', () => {
  it('answers the real wire format, and refuses a wrong key, an unknown model, empty input and bad dimensions', async () => {
    const ok = await post({ model: 'text-embedding-3-small', input: ['один', 'два'], dimensions: 8 });
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as {
      object: string;
      data: { index: number; embedding: number[] }[];
      usage: object;
    };
    expect(body.object).toBe('list');
    expect(body.data.map((item) => [item.index, item.embedding.length])).toEqual([
      [0, 8],
      [1, 8],
    ]);
    expect(body.usage).toEqual({ prompt_tokens: expect.any(Number), total_tokens: expect.any(Number) });

    expect((await post({ model: 'text-embedding-3-small', input: 'x' }, 'sk-wrong')).status).toBe(401);
    const unknown = await post({ model: 'gpt-4o', input: 'x' });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('model_not_found');
    expect((await post({ model: 'text-embedding-3-small', input: [] })).status).toBe(400);
    expect((await post({ model: 'text-embedding-3-small', input: [''] })).status).toBe(400);
    expect((await post({ model: 'text-embedding-3-small', input: 'x', dimensions: 4000 })).status).toBe(400);
    expect((await post({ model: 'text-embedding-ada-002', input: 'x', dimensions: 8 })).status).toBe(404);
    expect((await post({ model: 'text-embedding-3-small', input: 'x'.repeat(40_000) })).status).toBe(400);
  });

  it('puts related texts closer than unrelated ones', async () => {
    const llm = new OpenAiLlm({ baseUrl: fake.baseUrl, apiKey: KEY, maxRetries: 0 });
    const { vectors } = await llm.embed({
      model: 'text-embedding-3-small',
      input: ['Цена стрижки 1500 рублей', 'Сколько стоит стрижка?', 'Адрес офиса: улица Ленина'],
      dimensions: 256,
    });
    const cosine = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * (b[i] ?? 0), 0);
    const [price, question, address] = vectors as [number[], number[], number[]];
    expect(cosine(price, question)).toBeGreaterThan(cosine(address, question));
  });
});

describe('the embeddings client', () => {
  it('retries a 429 and a 500, and reports a refused request without retrying', async () => {
    const llm = new OpenAiLlm({ baseUrl: fake.baseUrl, apiKey: KEY, maxRetries: 2, retryBaseMs: 1 });
    fake.failEmbeddings(429, 500);
    const result = await llm.embed({
      model: 'text-embedding-3-small',
      input: ['a', 'b', 'c'],
      dimensions: 4,
    });
    expect(result.vectors).toHaveLength(3);
    expect(result.promptTokens).toBeGreaterThan(0);
    const refused = await llm
      .embed({ model: 'text-embedding-3-small', input: [''], dimensions: 4 })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LlmError);
    expect((refused as LlmError).retryable).toBe(false);
  });
});
