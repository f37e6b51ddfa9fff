import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { checkModel, embeddingInputs, embeddingResponse, OpenAiRequestError } from './openai-embeddings';
import { bearer, type FakeServer, serveFake } from './serve';

/**
 * A fake OpenAI-compatible Chat Completions server speaking the real wire format:
 * `POST /v1/chat/completions` with `Authorization: Bearer {key}` answers a `chat.completion` object
 * (choices[0].message with content or tool_calls, finish_reason, usage), and failures use OpenAI's
 * error body `{error: {message, type, param, code}}` — 401 for a wrong key, 400 for a malformed
 * request (the same checks the real API makes on tool messages, empty tools, ranges), 404 for an
 * unknown model when a model list is given, and whatever status a scripted step asks for.
 *
 * Answers come from a queue of steps (`queue(...)`); with the queue empty the answer echoes the last
 * user message. Requests that fail auth or validation do not use up a step. Every request is
 * recorded in `requests` (headers and parsed JSON body).
 */

export interface FakeUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
}

interface StepTiming {
  /** Wait this long before answering (for timeouts). */
  delayMs?: number;
}

export type FakeOpenAiStep = StepTiming &
  (
    | {
        kind: 'text';
        text: string;
        finishReason?: string;
        /** Override the computed counts; `null` leaves `usage` out, as some compatible servers do. */
        usage?: FakeUsage | null;
        model?: string;
      }
    | {
        kind: 'tool_calls';
        /** `arguments` that are a string are sent as is (so invalid JSON can be scripted). */
        calls: { name: string; arguments: unknown; id?: string }[];
        text?: string;
        usage?: FakeUsage | null;
      }
    | {
        kind: 'error';
        status: number;
        message?: string;
        type?: string;
        code?: string | null;
        param?: string | null;
        /** Sent as the `Retry-After` header, in seconds. */
        retryAfterSeconds?: number;
      }
    | { kind: 'raw'; status: number; body: string; headers?: Record<string, string> }
    | {
        /**
         * Answers with the first line of the system message matching `pattern` (a regular expression),
         * or `otherwise`: a model that answers from what the prompt gave it (knowledge in the prompt).
         */
        kind: 'quote';
        pattern: string;
        otherwise: string;
      }
  );

export interface FakeOpenAiRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
}

export interface FakeOpenAiOptions {
  apiKey: string;
  /** When given, other model ids answer 404 `model_not_found`, as OpenAI does. */
  models?: string[];
  /** The same for `/v1/embeddings`; text-embedding-3-small and -large by default. */
  embeddingModels?: string[];
  /**
   * How requests beyond the queued steps are answered (by default the echo, at once): after
   * `delayMs()` milliseconds, and a `failureRate` share of them (0–1, drawn with `random`,
   * Math.random by default) with OpenAI's 500 server_error instead. For load simulations.
   */
  unscripted?: { delayMs?: () => number; failureRate?: number; random?: () => number };
}

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** OpenAI's own rough rule: about four characters a token. */
const roughTokens = (text: string) => Math.ceil(text.length / 4);

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : '')).join('');
}

function promptTokens(body: Json): number {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  let count = 3;
  for (const message of messages) {
    if (!isRecord(message)) continue;
    count += 3 + roughTokens(textOf(message.content));
    if (Array.isArray(message.tool_calls)) count += roughTokens(JSON.stringify(message.tool_calls));
  }
  if (Array.isArray(body.tools)) count += roughTokens(JSON.stringify(body.tools));
  return count;
}

const maskKey = (key: string) => (key.length > 8 ? `${key.slice(0, 3)}*****${key.slice(-4)}` : '*****');

function checkRange(body: Json, name: string, max: number): void {
  const value = body[name];
  if (value === undefined || value === null) return;
  if (typeof value !== 'number')
    throw new OpenAiRequestError(400, `Invalid type for '${name}'`, name, 'invalid_type');
  if (value < 0 || value > max) {
    throw new OpenAiRequestError(
      400,
      `Invalid '${name}': decimal ${value < 0 ? 'below minimum' : 'above maximum'} value. Expected a value ${
        value < 0 ? '>= 0' : `<= ${max}`
      }, but got ${value} instead.`,
      name,
      value < 0 ? 'decimal_below_min_value' : 'decimal_above_max_value',
    );
  }
}

/** The checks the real endpoint makes that a client is most likely to get wrong. */
function validate(body: Json, models: string[] | undefined): void {
  checkModel(body, models);
  if (body.stream === true)
    throw new OpenAiRequestError(400, 'This fake answers non-streaming requests only', 'stream');
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0) {
    throw new OpenAiRequestError(400, "[] is too short - 'messages'", 'messages', 'empty_array');
  }
  let awaiting = new Set<string>();
  messages.forEach((message: unknown, index) => {
    const role = isRecord(message) ? message.role : undefined;
    if (!isRecord(message) || !['system', 'developer', 'user', 'assistant', 'tool'].includes(String(role))) {
      throw new OpenAiRequestError(
        400,
        `Invalid value: '${String(role)}'.`,
        `messages[${index}].role`,
        'invalid_value',
      );
    }
    if (role !== 'tool' && awaiting.size > 0) {
      throw new OpenAiRequestError(
        400,
        `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...awaiting].join(', ')}`,
        'messages',
        'invalid_request_error',
      );
    }
    if (role === 'tool') {
      if (typeof message.tool_call_id !== 'string' || !awaiting.delete(message.tool_call_id)) {
        throw new OpenAiRequestError(
          400,
          "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
          `messages.[${index}].role`,
        );
      }
    }
    if (role === 'assistant' && Array.isArray(message.tool_calls)) {
      awaiting = new Set();
      for (const call of message.tool_calls) {
        const fn = isRecord(call) ? call.function : undefined;
        if (
          !isRecord(call) ||
          call.type !== 'function' ||
          !isRecord(fn) ||
          typeof fn.arguments !== 'string'
        ) {
          throw new OpenAiRequestError(400, 'Invalid tool call', `messages.[${index}].tool_calls`);
        }
        awaiting.add(String(call.id));
      }
    }
  });
  if (awaiting.size > 0) {
    throw new OpenAiRequestError(
      400,
      `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...awaiting].join(', ')}`,
      'messages',
    );
  }
  if (body.tools !== undefined) {
    if (!Array.isArray(body.tools) || body.tools.length === 0) {
      throw new OpenAiRequestError(400, "[] is too short - 'tools'", 'tools', 'empty_array');
    }
    body.tools.forEach((tool: unknown, index) => {
      const fn = isRecord(tool) ? tool.function : undefined;
      if (!isRecord(tool) || tool.type !== 'function' || !isRecord(fn) || typeof fn.name !== 'string') {
        throw new OpenAiRequestError(
          400,
          `Missing required parameter: 'tools[${index}].function'.`,
          `tools[${index}]`,
        );
      }
      if (!/^[a-zA-Z0-9_-]{1,64}$/.test(fn.name)) {
        throw new OpenAiRequestError(
          400,
          `Invalid 'tools[${index}].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`,
          `tools[${index}].function.name`,
          'invalid_value',
        );
      }
    });
  } else if (body.tool_choice !== undefined) {
    throw new OpenAiRequestError(
      400,
      "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.",
      'tool_choice',
    );
  }
  checkRange(body, 'temperature', 2);
  checkRange(body, 'top_p', 1);
}

export class FakeOpenAi {
  /** `http://127.0.0.1:{port}/v1`, the value for LLM_BASE_URL; set by `start()`. */
  baseUrl = '';
  readonly requests: FakeOpenAiRequest[] = [];
  private readonly steps: FakeOpenAiStep[] = [];
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private server: FakeServer | undefined;
  private counter = 0;
  private readonly embeddingFailures: number[] = [];

  constructor(private readonly options: FakeOpenAiOptions) {}

  async start(): Promise<this> {
    this.server = await serveFake((request, body, response) => this.handle(request, body, response));
    this.baseUrl = `${this.server.url}/v1`;
    return this;
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.server?.close();
    this.server = undefined;
  }

  /** Adds answers for the next chat completion requests, in order. */
  queue(...steps: FakeOpenAiStep[]): this {
    this.steps.push(...steps);
    return this;
  }

  /** Steps not used yet. */
  get pending(): number {
    return this.steps.length;
  }

  /** Forgets recorded requests and queued steps. */
  reset(): void {
    this.requests.length = 0;
    this.steps.length = 0;
    this.embeddingFailures.length = 0;
  }

  /** Recorded chat completion bodies, in order. */
  get bodies(): Json[] {
    return this.requests
      .filter((request) => request.path === '/v1/chat/completions' && isRecord(request.body))
      .map((request) => request.body as Json);
  }

  /**
   * For tests that run elsewhere (inside workerd), at the same address as the API:
   *   POST /__fake/queue     [steps]  → {pending}   (queue)
   *   GET  /__fake/requests           → {count}     (chat completion requests so far)
   *   POST /__fake/reset              → {}          (reset)
   */
  private introspect(method: string, path: string, body: unknown, response: ServerResponse) {
    if (method === 'POST' && path === '/__fake/queue' && Array.isArray(body)) {
      this.queue(...(body as FakeOpenAiStep[]));
      return this.send(response, 200, { pending: this.pending });
    }
    if (method === 'GET' && path === '/__fake/requests') {
      const count = this.requests.filter((entry) => entry.path === '/v1/chat/completions').length;
      return this.send(response, 200, { count });
    }
    if (method === 'POST' && path === '/__fake/reset') {
      this.reset();
      return this.send(response, 200, {});
    }
    return this.send(response, 404, { error: 'unknown fake endpoint' });
  }

  private handle(request: IncomingMessage, raw: string, response: ServerResponse) {
    const path = new URL(request.url ?? '/', 'http://fake').pathname;
    let body: unknown = raw;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      // Kept raw; answered below.
    }
    if (path.startsWith('/__fake/')) return this.introspect(request.method ?? '', path, body, response);
    this.requests.push({ method: request.method ?? '', path, headers: request.headers, body });

    const key = bearer(request);
    if (key !== this.options.apiKey) {
      return this.error(
        response,
        401,
        key
          ? `Incorrect API key provided: ${maskKey(key)}. You can find your API key at https://platform.openai.com/account/api-keys.`
          : "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
        { type: 'invalid_request_error', code: key ? 'invalid_api_key' : null },
      );
    }
    if (request.method === 'GET' && path === '/v1/models') {
      const ids = this.options.models ?? ['gpt-4o-mini'];
      return this.send(response, 200, {
        object: 'list',
        data: ids.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'system' })),
      });
    }
    if (request.method === 'POST' && path === '/v1/embeddings') return this.embeddings(body, response);
    if (request.method !== 'POST' || path !== '/v1/chat/completions') {
      return this.error(response, 404, `Invalid URL (${request.method} ${path})`, {
        type: 'invalid_request_error',
      });
    }
    if (!isRecord(body)) {
      return this.error(
        response,
        400,
        "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)",
        { type: 'invalid_request_error' },
      );
    }
    try {
      validate(body, this.options.models);
    } catch (error) {
      if (!(error instanceof OpenAiRequestError)) throw error;
      return this.error(response, error.status, error.message, {
        type: 'invalid_request_error',
        param: error.param,
        code: error.code,
      });
    }

    const step = this.steps.shift() ?? this.unscriptedStep(body);
    const answer = () => this.answer(step, body, response);
    if (!step.delayMs) return answer();
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!response.destroyed) answer();
    }, step.delayMs);
    this.timers.add(timer);
  }

  /** Scripted failures of the next embeddings requests (`status` with OpenAI's error body). */
  failEmbeddings(...statuses: number[]): this {
    this.embeddingFailures.push(...statuses);
    return this;
  }

  /** Embeddings requests so far (their parsed bodies). */
  get embeddingBodies(): Json[] {
    return this.requests
      .filter((request) => request.path === '/v1/embeddings' && isRecord(request.body))
      .map((request) => request.body as Json);
  }

  private embeddings(body: unknown, response: ServerResponse) {
    if (!isRecord(body)) {
      return this.error(response, 400, 'We could not parse the JSON body of your request.', {
        type: 'invalid_request_error',
      });
    }
    try {
      const { input, dimensions } = embeddingInputs(
        body,
        this.options.embeddingModels ?? ['text-embedding-3-small', 'text-embedding-3-large'],
      );
      const failure = this.embeddingFailures.shift();
      if (failure !== undefined) {
        return this.error(response, failure, defaultErrorMessage(failure), {
          type: defaultErrorType(failure),
          code: defaultErrorCode(failure),
        });
      }
      return this.send(response, 200, embeddingResponse(String(body.model), input, dimensions));
    } catch (error) {
      if (!(error instanceof OpenAiRequestError)) throw error;
      return this.error(response, error.status, error.message, {
        type: 'invalid_request_error',
        param: error.param,
        code: error.code,
      });
    }
  }

  private unscriptedStep(body: Json): FakeOpenAiStep {
    const { delayMs, failureRate = 0, random = Math.random } = this.options.unscripted ?? {};
    const timing = delayMs ? { delayMs: delayMs() } : {};
    if (failureRate > 0 && random() < failureRate) return { kind: 'error', status: 500, ...timing };
    return { ...this.echo(body), ...timing };
  }

  private echo(body: Json): FakeOpenAiStep {
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const lastUser = [...messages].reverse().find((message) => isRecord(message) && message.role === 'user');
    return { kind: 'text', text: isRecord(lastUser) ? textOf(lastUser.content) : '' };
  }

  private answer(scripted: FakeOpenAiStep, body: Json, response: ServerResponse) {
    const step = scripted.kind === 'quote' ? quoted(scripted, body) : scripted;
    if (step.kind === 'raw') {
      response.writeHead(step.status, { 'content-type': 'application/json', ...step.headers });
      response.end(step.body);
      return;
    }
    if (step.kind === 'error') {
      return this.error(response, step.status, step.message ?? defaultErrorMessage(step.status), {
        type: step.type ?? defaultErrorType(step.status),
        param: step.param ?? null,
        code: step.code === undefined ? defaultErrorCode(step.status) : step.code,
        ...(step.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: step.retryAfterSeconds }),
      });
    }
    const id = ++this.counter;
    const model = (step.kind === 'text' && step.model) || String(body.model);
    const text = step.kind === 'text' ? step.text : (step.text ?? null);
    const toolCalls =
      step.kind === 'tool_calls'
        ? step.calls.map((call, index) => ({
            id: call.id ?? `call_${id}_${index}`,
            type: 'function',
            function: {
              name: call.name,
              arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
            },
          }))
        : undefined;
    const completion =
      roughTokens(text ?? '') +
      (toolCalls ?? []).reduce(
        (sum, call) => sum + roughTokens(call.function.name + call.function.arguments),
        0,
      );
    const prompt = promptTokens(body);
    const usage =
      step.usage === null
        ? undefined
        : {
            prompt_tokens: step.usage?.prompt_tokens ?? prompt,
            completion_tokens: step.usage?.completion_tokens ?? Math.max(1, completion),
          };
    this.send(response, 200, {
      id: `chatcmpl-fake${id}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: text,
            refusal: null,
            ...(toolCalls ? { tool_calls: toolCalls } : {}),
            annotations: [],
          },
          logprobs: null,
          finish_reason:
            step.kind === 'text' ? (step.finishReason ?? 'stop') : toolCalls?.length ? 'tool_calls' : 'stop',
        },
      ],
      ...(usage
        ? {
            usage: {
              ...usage,
              total_tokens: usage.prompt_tokens + usage.completion_tokens,
              prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
              completion_tokens_details: {
                reasoning_tokens: 0,
                audio_tokens: 0,
                accepted_prediction_tokens: 0,
                rejected_prediction_tokens: 0,
              },
            },
          }
        : {}),
      service_tier: 'default',
      system_fingerprint: 'fp_fake',
    });
  }

  private send(
    response: ServerResponse,
    status: number,
    value: unknown,
    headers: Record<string, string> = {},
  ) {
    response.writeHead(status, {
      'content-type': 'application/json',
      'x-request-id': `req_fake${this.requests.length}`,
      'openai-processing-ms': '1',
      ...headers,
    });
    response.end(JSON.stringify(value));
  }

  private error(
    response: ServerResponse,
    status: number,
    message: string,
    extra: { type: string; param?: string | null; code?: string | null; retryAfterSeconds?: number },
  ): void {
    this.send(
      response,
      status,
      { error: { message, type: extra.type, param: extra.param ?? null, code: extra.code ?? null } },
      extra.retryAfterSeconds === undefined ? {} : { 'retry-after': String(extra.retryAfterSeconds) },
    );
  }
}

function quoted(
  step: Extract<FakeOpenAiStep, { kind: 'quote' }>,
  body: Json,
): Extract<FakeOpenAiStep, { kind: 'text' }> {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const system = messages.find((message) => isRecord(message) && message.role === 'system');
  const lines = (isRecord(system) ? textOf(system.content) : '').split('\n');
  const found = lines.find((line) => new RegExp(step.pattern, 'iu').test(line));
  return { kind: 'text', text: found?.trim() ?? step.otherwise };
}

function defaultErrorMessage(status: number): string {
  if (status === 429) return 'Rate limit reached for requests. Please try again later.';
  if (status >= 500) return 'The server had an error while processing your request. Sorry about that!';
  return 'Invalid request';
}

function defaultErrorType(status: number): string {
  if (status === 429) return 'requests';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

function defaultErrorCode(status: number): string | null {
  return status === 429 ? 'rate_limit_exceeded' : null;
}

/** Starts a fake on a free local port; `close()` it when done. */
export function startFakeOpenAi(options: FakeOpenAiOptions): Promise<FakeOpenAi> {
  return new FakeOpenAi(options).start();
}
