/**
 * The `POST /v1/embeddings` half of the fake OpenAI server, in the real wire format:
 * `{model, input: string | string[], encoding_format?, dimensions?}` answers
 * `{object: 'list', data: [{object: 'embedding', index, embedding}], model, usage}`.
 *
 * It refuses what the real endpoint refuses: no model, an empty input or an empty string in it,
 * more than 2048 inputs, an input over 8192 tokens, `dimensions` for a model that cannot shorten
 * (ada-002) or out of range, and `encoding_format` other than float/base64.
 *
 * The vectors are not random: every word and its character trigrams are hashed into the vector's
 * dimensions and the result is normalised, so texts sharing words ("цена", "цены") are close by
 * cosine similarity and retrieval can be tested for finding the right chunk.
 */

type Json = Record<string, unknown>;

export const EMBEDDING_MAX_INPUTS = 2048;
const MAX_INPUT_TOKENS = 8192;
const DEFAULT_DIMENSIONS: Record<string, number> = {
  'text-embedding-3-small': 1536,
  'text-embedding-3-large': 3072,
  'text-embedding-ada-002': 1536,
};

/** A request the real API refuses: the status and OpenAI's error fields. */
export class OpenAiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param: string | null = null,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

const roughTokens = (text: string) => Math.ceil(text.length / 4);

/** The model is named and, when a list is given, one of them (404 model_not_found otherwise). */
export function checkModel(
  body: Json,
  models: string[] | undefined,
): asserts body is Json & { model: string } {
  if (typeof body.model !== 'string' || !body.model) {
    throw new OpenAiRequestError(400, 'you must provide a model parameter');
  }
  if (models && !models.includes(body.model)) {
    throw new OpenAiRequestError(
      404,
      `The model \`${body.model}\` does not exist or you do not have access to it.`,
      null,
      'model_not_found',
    );
  }
}

/** Validates an embeddings request body; throws OpenAiRequestError as the real API answers. */
export function embeddingInputs(
  body: Json,
  models: string[] | undefined,
): { input: string[]; dimensions: number } {
  checkModel(body, models);
  const raw = body.input;
  const input = typeof raw === 'string' ? [raw] : raw;
  if (
    !Array.isArray(input) ||
    input.length === 0 ||
    input.some((item) => typeof item !== 'string' || item === '')
  ) {
    throw new OpenAiRequestError(
      400,
      "'$.input' is invalid. Please check the API reference: https://platform.openai.com/docs/api-reference.",
      'input',
    );
  }
  if (input.length > EMBEDDING_MAX_INPUTS) {
    throw new OpenAiRequestError(
      400,
      `'$.input' is too long. Maximum ${EMBEDDING_MAX_INPUTS} items.`,
      'input',
    );
  }
  for (const text of input as string[]) {
    const tokens = roughTokens(text);
    if (tokens > MAX_INPUT_TOKENS) {
      throw new OpenAiRequestError(
        400,
        `This model's maximum context length is ${MAX_INPUT_TOKENS} tokens, however you requested ${tokens} tokens (${tokens} in your prompt; 0 for the completion). Please reduce your prompt; or completion length.`,
        null,
        'context_length_exceeded',
      );
    }
  }
  if (
    body.encoding_format !== undefined &&
    body.encoding_format !== 'float' &&
    body.encoding_format !== 'base64'
  ) {
    throw new OpenAiRequestError(
      400,
      "Invalid value for 'encoding_format'",
      'encoding_format',
      'invalid_value',
    );
  }
  const full = DEFAULT_DIMENSIONS[body.model] ?? 1536;
  let dimensions = full;
  if (body.dimensions !== undefined) {
    if (body.model === 'text-embedding-ada-002') {
      throw new OpenAiRequestError(400, 'This model does not support specifying dimensions.', 'dimensions');
    }
    if (
      typeof body.dimensions !== 'number' ||
      !Number.isInteger(body.dimensions) ||
      body.dimensions < 1 ||
      body.dimensions > full
    ) {
      throw new OpenAiRequestError(
        400,
        `Invalid 'dimensions': must be between 1 and ${full}.`,
        'dimensions',
        'invalid_value',
      );
    }
    dimensions = body.dimensions;
  }
  return { input: input as string[], dimensions };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** A deterministic, normalised vector in which shared words and word stems point the same way. */
export function fakeEmbedding(text: string, dimensions: number): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  for (const word of words) {
    const features = [`w:${word}`];
    const padded = `^${word}$`;
    for (let i = 0; i + 3 <= padded.length; i++) features.push(`t:${padded.slice(i, i + 3)}`);
    for (const feature of features) {
      const h = hash(feature);
      const index = h % dimensions;
      vector[index] = (vector[index] ?? 0) + (h & 0x80000000 ? -1 : 1) * (feature.startsWith('w:') ? 2 : 1);
    }
  }
  const norm = Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0)) || 1;
  return vector.map((x) => Number((x / norm).toFixed(6)));
}

/** The response body for a validated request. */
export function embeddingResponse(model: string, input: string[], dimensions: number): Json {
  const tokens = input.reduce((sum, text) => sum + roughTokens(text), 0);
  return {
    object: 'list',
    data: input.map((text, index) => ({
      object: 'embedding',
      index,
      embedding: fakeEmbedding(text, dimensions),
    })),
    model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  };
}
