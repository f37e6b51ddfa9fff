import type { Sampling, TokenUsage } from '../shared/models';

/** A tool call the model asked for. */
export interface LlmToolCall {
  id: string;
  name: string;
  /**
   * The parsed JSON arguments. When the model wrote arguments that are not valid JSON, this is the
   * raw string unchanged: the caller validates arguments against the tool's schema anyway, so it
   * rejects them there and can answer the call with an error the model can correct.
   */
  arguments: unknown;
}

export type LlmMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; toolCalls?: LlmToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

export interface LlmTool {
  /** `^[a-zA-Z0-9_-]{1,64}$`, as the Chat Completions API requires. */
  name: string;
  description: string;
  /** A JSON Schema object describing the arguments. */
  parameters: Record<string, unknown>;
}

export type LlmToolChoice = 'auto' | 'none' | 'required' | { name: string };

export type LlmSampling = Sampling;

export interface LlmRequest {
  model: string;
  messages: LlmMessage[];
  tools?: LlmTool[];
  /** Only sent with tools; the endpoint's default is `auto`. */
  toolChoice?: LlmToolChoice;
  /** Omit for models that accept only their defaults (see `requestSampling`). */
  sampling?: LlmSampling;
  maxTokens?: number;
  /** Lets the caller give up (e.g. a newer customer message arrived); aborting rejects with its reason. */
  signal?: AbortSignal;
}

export type LlmFinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'other';

export interface LlmUsage extends TokenUsage {
  /** True when the endpoint reported no usage and it was estimated from text length (~4 chars a token). */
  estimated?: boolean;
}

export interface LlmResult {
  /** The assistant's text; empty when it only called tools. */
  text: string;
  toolCalls: LlmToolCall[];
  usage: LlmUsage;
  /** The model that answered, as the endpoint names it (may be a dated snapshot id). */
  model: string;
  finishReason: LlmFinishReason;
}

export interface EmbeddingRequest {
  model: string;
  /** Texts to embed, at most EMBEDDING_BATCH per call. */
  input: string[];
  /** Shortened vectors (text-embedding-3 models accept `dimensions`). */
  dimensions?: number;
  signal?: AbortSignal;
}

export interface EmbeddingResult {
  /** One vector per input text, in input order. */
  vectors: number[][];
  promptTokens: number;
}

/** A model endpoint speaking the OpenAI API: Chat Completions and Embeddings. */
export interface Llm {
  complete(request: LlmRequest): Promise<LlmResult>;
  embed(request: EmbeddingRequest): Promise<EmbeddingResult>;
}

export type LlmErrorKind = 'auth' | 'rate_limited' | 'timeout' | 'server' | 'bad_request' | 'network';

export interface LlmErrorOptions {
  /** HTTP status of the last attempt, if any. */
  status?: number;
  /** The provider's error code (e.g. `invalid_api_key`, `insufficient_quota`) or ours (`not_configured`). */
  code?: string;
  /** Seconds the endpoint asked us to wait (rate limits). */
  retryAfterSeconds?: number;
  /** Whether trying again later may succeed; defaults by kind. */
  retryable?: boolean;
  /** The provider's own message with secrets masked, for logs only — not for customers. */
  detail?: string;
  cause?: unknown;
}

const RETRYABLE_KINDS: ReadonlySet<LlmErrorKind> = new Set(['rate_limited', 'timeout', 'server', 'network']);

/**
 * A failed model call. `message` is safe to store and show (no keys, no provider internals); the
 * engine records it in the history row and the UI translates by `kind`/`code`.
 */
export class LlmError extends Error {
  override readonly name = 'LlmError';
  readonly kind: LlmErrorKind;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly retryable: boolean;
  readonly detail: string | undefined;

  constructor(kind: LlmErrorKind, message: string, options: LlmErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.status = options.status;
    this.code = options.code;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.retryable = options.retryable ?? RETRYABLE_KINDS.has(kind);
    this.detail = options.detail;
  }
}
