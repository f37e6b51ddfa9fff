import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LlmError, type LlmRequest, type LlmTool } from '../../functions/ports/llm';
import { OpenAiLlm, type OpenAiLlmOptions } from '../../functions/ports/llm-openai';
import { UnconfiguredLlm } from '../../functions/ports/llm-unconfigured';
import { samplingFor } from '../../functions/shared/models';
import { type FakeOpenAi, startFakeOpenAi } from '../fakes/openai';

const API_KEY = 'sk-test-0123456789abcdef';
let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: API_KEY, models: ['gpt-4o-mini', 'gpt-4.1-mini', 'o4-mini'] });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

function client(options: Partial<OpenAiLlmOptions> = {}): OpenAiLlm {
  return new OpenAiLlm({ baseUrl: fake.baseUrl, apiKey: API_KEY, retryBaseMs: 10, ...options });
}

async function failure(promise: Promise<unknown>): Promise<LlmError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LlmError);
  return error as LlmError;
}

const bookTool: LlmTool = {
  name: 'book_visit',
  description: 'Books a visit to the salon',
  parameters: {
    type: 'object',
    properties: { date: { type: 'string' }, service: { type: 'string' } },
    required: ['date', 'service'],
  },
};

const hello: LlmRequest = {
  model: 'gpt-4o-mini',
  messages: [
    { role: 'system', content: 'You are a salon assistant.' },
    { role: 'user', content: 'Здравствуйте! Есть запись на завтра?' },
  ],
};

describe('the OpenAI-compatible llm port', () => {
  it('returns the text answer, the model and the usage', async () => {
    const result = await client().complete(hello);
    expect(result).toMatchObject({
      text: 'Здравствуйте! Есть запись на завтра?',
      toolCalls: [],
      model: 'gpt-4o-mini',
      finishReason: 'stop',
    });
    expect(result.usage.promptTokens).toBeGreaterThan(0);
    expect(result.usage.completionTokens).toBeGreaterThan(0);
    expect(result.usage.estimated).toBeUndefined();

    fake.queue({ kind: 'text', text: 'Да', usage: { prompt_tokens: 120, completion_tokens: 7 } });
    expect((await client().complete(hello)).usage).toEqual({ promptTokens: 120, completionTokens: 7 });
  });

  it('drops NUL characters from the reply (Postgres text cannot store them)', async () => {
    fake.queue({ kind: 'text', text: 'Запи\u0000сь есть\u0000' });
    expect((await client().complete(hello)).text).toBe('Запись есть');
  });

  it('sends model, sampling, limits and tools in the OpenAI format', async () => {
    await client().complete({
      ...hello,
      tools: [bookTool],
      toolChoice: 'auto',
      sampling: samplingFor('fine_tuning', 25),
      maxTokens: 500,
    });
    const [request] = fake.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.body).toEqual({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'You are a salon assistant.' },
        { role: 'user', content: 'Здравствуйте! Есть запись на завтра?' },
      ],
      tools: [
        {
          type: 'function',
          function: {
            name: 'book_visit',
            description: bookTool.description,
            parameters: bookTool.parameters,
          },
        },
      ],
      tool_choice: 'auto',
      temperature: 0.5,
      top_p: 1,
      max_completion_tokens: 500,
    });

    await client({ maxTokensParameter: 'max_tokens' }).complete({
      ...hello,
      tools: [],
      toolChoice: { name: 'book_visit' },
      maxTokens: 50,
    });
    expect(fake.bodies[1]).toEqual({ model: 'gpt-4o-mini', messages: expect.any(Array), max_tokens: 50 });
  });

  it('round-trips a tool call with parsed arguments', async () => {
    fake.queue(
      {
        kind: 'tool_calls',
        calls: [{ id: 'call_1', name: 'book_visit', arguments: { date: '2026-05-01', service: 'cut' } }],
      },
      { kind: 'text', text: 'Записала вас на 1 мая.' },
    );
    const llm = client();
    const first = await llm.complete({ ...hello, tools: [bookTool] });
    expect(first.finishReason).toBe('tool_calls');
    expect(first.text).toBe('');
    expect(first.toolCalls).toEqual([
      { id: 'call_1', name: 'book_visit', arguments: { date: '2026-05-01', service: 'cut' } },
    ]);

    const second = await llm.complete({
      ...hello,
      tools: [bookTool],
      messages: [
        ...hello.messages,
        { role: 'assistant', content: null, toolCalls: first.toolCalls },
        { role: 'tool', toolCallId: 'call_1', content: '{"ok":true}' },
      ],
    });
    expect(second.text).toBe('Записала вас на 1 мая.');
    expect(fake.bodies[1]?.messages).toEqual([
      { role: 'system', content: 'You are a salon assistant.' },
      { role: 'user', content: 'Здравствуйте! Есть запись на завтра?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'book_visit', arguments: '{"date":"2026-05-01","service":"cut"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"ok":true}' },
    ]);
  });

  it('keeps invalid tool arguments as the raw string and empty ones as {}', async () => {
    fake.queue({
      kind: 'tool_calls',
      calls: [
        { name: 'book_visit', arguments: '{"date": "2026-05-01", ' },
        { name: 'book_visit', arguments: '' },
      ],
    });
    const result = await client().complete({ ...hello, tools: [bookTool] });
    expect(result.toolCalls.map((call) => call.arguments)).toEqual(['{"date": "2026-05-01", ', {}]);
  });

  it('estimates usage when the endpoint reports none', async () => {
    fake.queue({ kind: 'text', text: 'Да, есть окно в 15:00', usage: null });
    const { usage } = await client().complete(hello);
    expect(usage.estimated).toBe(true);
    expect(usage.promptTokens).toBeGreaterThan(10);
    expect(usage.completionTokens).toBeGreaterThan(0);
  });

  it('fails a wrong key with kind auth, at once and without leaking the key', async () => {
    const error = await failure(client({ apiKey: 'sk-wrong-key-0000000000' }).complete(hello));
    expect(error.kind).toBe('auth');
    expect(error.status).toBe(401);
    expect(error.code).toBe('invalid_api_key');
    expect(error.retryable).toBe(false);
    expect(error.message).not.toContain('sk-');
    expect(error.detail).not.toContain('sk-wrong');
    expect(fake.requests).toHaveLength(1);
  });

  it('waits as long as Retry-After says after a 429, then succeeds', async () => {
    fake.queue({ kind: 'error', status: 429, retryAfterSeconds: 1 }, { kind: 'text', text: 'ok' });
    const started = Date.now();
    const result = await client().complete(hello);
    expect(result.text).toBe('ok');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(fake.requests).toHaveLength(2);
  });

  it('gives up on a Retry-After beyond its cap, and on an exhausted quota', async () => {
    fake.queue({ kind: 'error', status: 429, retryAfterSeconds: 120 });
    const limited = await failure(client().complete(hello));
    expect(limited).toMatchObject({ kind: 'rate_limited', retryAfterSeconds: 120, retryable: true });
    expect(fake.requests).toHaveLength(1);

    fake.queue({ kind: 'error', status: 429, code: 'insufficient_quota', type: 'insufficient_quota' });
    const quota = await failure(client().complete(hello));
    expect(quota).toMatchObject({ kind: 'rate_limited', code: 'insufficient_quota', retryable: false });
    expect(fake.requests).toHaveLength(2);
  });

  it('retries 5xx with backoff: twice then success, or fails after the last retry', async () => {
    const delays: number[] = [];
    const sleep = async (ms: number) => {
      delays.push(ms);
    };
    fake.queue({ kind: 'error', status: 500 }, { kind: 'error', status: 502 }, { kind: 'text', text: 'ok' });
    expect((await client({ sleep, retryBaseMs: 400 }).complete(hello)).text).toBe('ok');
    expect(fake.requests).toHaveLength(3);
    expect(delays).toHaveLength(2);
    expect(delays[0]).toBeGreaterThanOrEqual(300);
    expect(delays[0]).toBeLessThanOrEqual(400);
    expect(delays[1]).toBeGreaterThanOrEqual(600);
    expect(delays[1]).toBeLessThanOrEqual(800);

    fake.reset();
    fake.queue(...Array.from({ length: 3 }, () => ({ kind: 'error' as const, status: 503 })));
    const error = await failure(client({ sleep }).complete(hello));
    expect(error).toMatchObject({ kind: 'server', status: 503, retryable: true });
    expect(error.message).toBe('The model endpoint failed (503)');
    expect(fake.requests).toHaveLength(3);
  });

  it('does not retry other 4xx', async () => {
    fake.queue({ kind: 'error', status: 400, message: 'context too long', code: 'context_length_exceeded' });
    const long = await failure(client().complete(hello));
    expect(long).toMatchObject({ kind: 'bad_request', code: 'context_length_exceeded', status: 400 });
    expect(long.message).toBe('The conversation is too long for the model');

    const missing = await failure(client().complete({ ...hello, model: 'gpt-9' }));
    expect(missing).toMatchObject({ kind: 'bad_request', code: 'model_not_found', status: 404 });

    // A tool message that answers no call is refused by the endpoint, as by OpenAI.
    const orphan = await failure(
      client().complete({
        ...hello,
        messages: [...hello.messages, { role: 'tool', toolCallId: 'x', content: '' }],
      }),
    );
    expect(orphan.kind).toBe('bad_request');
    expect(fake.requests).toHaveLength(3);
  });

  it('fails a slow answer with kind timeout, without retrying', async () => {
    fake.queue({ kind: 'text', text: 'late', delayMs: 3000 });
    const started = Date.now();
    const error = await failure(client({ timeoutMs: 200 }).complete(hello));
    expect(error.kind).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1500);
    expect(fake.requests).toHaveLength(1);
  });

  it('rejects with the caller’s reason when the caller aborts', async () => {
    fake.queue({ kind: 'text', text: 'late', delayMs: 3000 });
    const controller = new AbortController();
    const pending = client().complete({ ...hello, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('newer message')), 50);
    await expect(pending).rejects.toThrow('newer message');
  });

  it('retries network failures and then fails with kind network', async () => {
    const closed = await startFakeOpenAi({ apiKey: API_KEY });
    const baseUrl = closed.baseUrl;
    await closed.close();
    let attempts = 0;
    const error = await failure(
      new OpenAiLlm({
        baseUrl,
        apiKey: API_KEY,
        retryBaseMs: 1,
        fetch: (input, init) => {
          attempts++;
          return fetch(input, init);
        },
      }).complete(hello),
    );
    expect(error.kind).toBe('network');
    expect(attempts).toBe(3);
  });

  it('reports an unreadable 200 as a server error', async () => {
    fake.queue({ kind: 'raw', status: 200, body: '<html>gateway</html>' });
    expect((await failure(client().complete(hello))).kind).toBe('server');
  });
});

describe('the unconfigured llm port', () => {
  it('fails every call saying the endpoint is not configured', async () => {
    const error = await failure(new UnconfiguredLlm().complete(hello));
    expect(error).toMatchObject({ kind: 'auth', code: 'not_configured', retryable: false });
    expect(error.message).toMatch(/not configured/);
  });
});
