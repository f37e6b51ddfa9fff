import {
  type EmbeddingRequest,
  type EmbeddingResult,
  type Llm,
  LlmError,
  type LlmRequest,
  type LlmResult,
} from './llm';
import { isRecord, parseCompletion, parseEmbeddings, toWireRequest } from './llm-openai-wire';

export interface OpenAiLlmOptions {
  /** Up to and including the version, e.g. `https://api.openai.com/v1`; `/chat/completions` or `/embeddings` is appended. */
  baseUrl: string;
  apiKey: string;
  /** Per attempt, covering the whole answer. Default 60 s. */
  timeoutMs?: number;
  /** Extra attempts after a 429, a 5xx or a network failure. Default 2. */
  maxRetries?: number;
  /** First backoff delay, doubled per retry, with up to 25 % jitter below. Default 500 ms. */
  retryBaseMs?: number;
  /** Cap of a backoff delay, and the longest Retry-After we wait for; asked to wait longer, we fail. Default 10 s. */
  maxRetryDelayMs?: number;
  /**
   * The name of the answer-length limit. OpenAI deprecated `max_tokens` (its o-series rejects it);
   * some compatible servers only know `max_tokens`. Default `max_completion_tokens`.
   */
  maxTokensParameter?: 'max_completion_tokens' | 'max_tokens';
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Kinds worth another attempt right away; a timeout is not (a slow model is usually slow again). */
const RETRIED_HERE = new Set(['rate_limited', 'server', 'network']);

/**
 * The llm port over any OpenAI-compatible Chat Completions endpoint, with plain `fetch` so it runs
 * on Workers and Node. Non-streaming; one request per `complete`, plus retries.
 */
export class OpenAiLlm implements Llm {
  private readonly root: string;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly retryBaseMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly maxTokensParameter: string;
  private readonly fetchImpl: (input: string, init: RequestInit) => Promise<Response>;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(private readonly options: OpenAiLlmOptions) {
    this.root = options.baseUrl.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.maxRetries = options.maxRetries ?? 2;
    this.retryBaseMs = options.retryBaseMs ?? 500;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 10_000;
    this.maxTokensParameter = options.maxTokensParameter ?? 'max_completion_tokens';
    // A wrapper, not a stored reference: Workers throw "Illegal invocation" for a detached fetch.
    this.fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
    this.sleep = options.sleep ?? abortableSleep;
  }

  async complete(request: LlmRequest): Promise<LlmResult> {
    const body = JSON.stringify(toWireRequest(request, this.maxTokensParameter));
    return this.withRetries(request.signal, () =>
      this.attempt('/chat/completions', body, request.signal, (value) => parseCompletion(value, request)),
    );
  }

  async embed(request: EmbeddingRequest): Promise<EmbeddingResult> {
    const body = JSON.stringify({
      model: request.model,
      input: request.input,
      encoding_format: 'float',
      ...(request.dimensions ? { dimensions: request.dimensions } : {}),
    });
    return this.withRetries(request.signal, () =>
      this.attempt('/embeddings', body, request.signal, (value) => parseEmbeddings(value, request)),
    );
  }

  private async withRetries<T>(signal: AbortSignal | undefined, call: () => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      let error: LlmError;
      try {
        return await call();
      } catch (caught) {
        if (signal?.aborted) throw signal.reason;
        if (!(caught instanceof LlmError)) throw caught;
        error = caught;
      }
      const delay = this.retryDelay(error, attempt);
      if (delay === null) throw error;
      await this.sleep(delay, signal);
    }
  }

  private retryDelay(error: LlmError, attempt: number): number | null {
    if (!RETRIED_HERE.has(error.kind) || !error.retryable || attempt >= this.maxRetries) return null;
    if (error.retryAfterSeconds !== undefined) {
      const asked = Math.ceil(error.retryAfterSeconds * 1000);
      return asked > this.maxRetryDelayMs ? null : asked;
    }
    const backoff = Math.min(this.maxRetryDelayMs, this.retryBaseMs * 2 ** attempt);
    return Math.round(backoff * (1 - Math.random() * 0.25));
  }

  private async attempt<T>(
    path: string,
    body: string,
    callerSignal: AbortSignal | undefined,
    parse: (value: unknown) => T | null,
  ): Promise<T> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
    let response: Response;
    let text: string;
    try {
      response = await this.fetchImpl(`${this.root}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.options.apiKey}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body,
        signal,
      });
      text = await response.text();
    } catch (cause) {
      if (callerSignal?.aborted) throw callerSignal.reason;
      if (timeout.aborted) {
        throw new LlmError(
          'timeout',
          `The model did not answer within ${Math.ceil(this.timeoutMs / 1000)} s`,
          {
            cause,
          },
        );
      }
      throw new LlmError('network', 'Could not reach the model endpoint', {
        cause,
        detail: this.redact(describe(cause)),
      });
    }
    if (!response.ok) throw this.errorFor(response, text);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new LlmError('server', 'The model endpoint returned an unreadable answer', {
        status: response.status,
        detail: this.redact(text.slice(0, 300)),
        retryable: false,
      });
    }
    const result = parse(value);
    if (!result) {
      // Some proxies answer 200 with an error body.
      const provider = providerError(text);
      throw new LlmError('server', 'The model endpoint returned an unreadable answer', {
        status: response.status,
        ...(provider.code ? { code: provider.code } : {}),
        detail: this.redact(provider.message ?? text.slice(0, 300)),
        retryable: false,
      });
    }
    return result;
  }

  private errorFor(response: Response, text: string): LlmError {
    const { status } = response;
    const provider = providerError(text);
    const base = {
      status,
      ...(provider.code ? { code: provider.code } : {}),
      detail: this.redact(provider.message ?? text.slice(0, 300)),
    };
    if (status === 401) return new LlmError('auth', 'The model endpoint rejected the API key', base);
    if (status === 403) return new LlmError('auth', 'The model endpoint refused access (403)', base);
    if (status === 429) {
      if (provider.code === 'insufficient_quota') {
        return new LlmError('rate_limited', 'The model account has run out of quota', {
          ...base,
          retryable: false,
        });
      }
      const retryAfterSeconds = retryAfter(response.headers);
      return new LlmError('rate_limited', 'The model endpoint is rate limiting requests', {
        ...base,
        ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
      });
    }
    if (status === 408) return new LlmError('timeout', 'The model endpoint timed out (408)', base);
    if (status >= 500) {
      const retryAfterSeconds = retryAfter(response.headers);
      return new LlmError('server', `The model endpoint failed (${status})`, {
        ...base,
        ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
      });
    }
    if (provider.code === 'context_length_exceeded') {
      return new LlmError('bad_request', 'The conversation is too long for the model', base);
    }
    if (provider.code === 'model_not_found' || status === 404) {
      return new LlmError('bad_request', 'The model is not available at the endpoint', base);
    }
    return new LlmError('bad_request', `The model endpoint refused the request (${status})`, base);
  }

  /** Provider messages may quote the key ("Incorrect API key provided: sk-ab***yz"); mask it for logs. */
  private redact(text: string): string {
    let out = text.replace(/\b(sk-|Bearer\s+)[\w\-*.]+/gi, '$1***');
    if (this.options.apiKey.length >= 4) out = out.split(this.options.apiKey).join('***');
    return out.slice(0, 500);
  }
}

function describe(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause);
  const inner = cause.cause instanceof Error ? `: ${cause.cause.message}` : '';
  return `${cause.message}${inner}`;
}

function providerError(text: string): { message?: string; code?: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return {};
  }
  if (!isRecord(value)) return {};
  const error = isRecord(value.error) ? value.error : value;
  const message =
    typeof error.message === 'string'
      ? error.message
      : typeof value.error === 'string'
        ? value.error
        : typeof value.detail === 'string'
          ? value.detail
          : undefined;
  const code =
    typeof error.code === 'string' ? error.code : typeof error.type === 'string' ? error.type : undefined;
  return { ...(message === undefined ? {} : { message }), ...(code === undefined ? {} : { code }) };
}

/** `retry-after-ms` (OpenAI's, precise) or `retry-after` in seconds or as an HTTP date. */
function retryAfter(headers: Headers): number | undefined {
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms / 1000;
  const raw = headers.get('retry-after');
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, (date - Date.now()) / 1000);
}
