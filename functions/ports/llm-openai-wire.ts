// The OpenAI-compatible wire format: our requests as the API takes them, its answers as ours.
import type {
  EmbeddingRequest,
  EmbeddingResult,
  LlmFinishReason,
  LlmMessage,
  LlmRequest,
  LlmResult,
  LlmToolCall,
  LlmUsage,
} from './llm';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const wireArguments = (value: unknown): string =>
  typeof value === 'string' ? value : JSON.stringify(value ?? {});

function toWireMessage(message: LlmMessage): Record<string, unknown> {
  switch (message.role) {
    case 'assistant':
      return {
        role: 'assistant',
        content: message.content,
        ...(message.toolCalls?.length
          ? {
              tool_calls: message.toolCalls.map((call) => ({
                id: call.id,
                type: 'function',
                function: { name: call.name, arguments: wireArguments(call.arguments) },
              })),
            }
          : {}),
      };
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
    default:
      return { role: message.role, content: message.content };
  }
}

/** The Chat Completions request body. Empty `tools` are left out: the API rejects `tools: []`. */
export function toWireRequest(request: LlmRequest, maxTokensParameter: string): Record<string, unknown> {
  const tools = request.tools ?? [];
  const choice = request.toolChoice;
  return {
    model: request.model,
    messages: request.messages.map(toWireMessage),
    ...(tools.length
      ? {
          tools: tools.map((tool) => ({
            type: 'function',
            function: { name: tool.name, description: tool.description, parameters: tool.parameters },
          })),
          ...(choice
            ? { tool_choice: typeof choice === 'string' ? choice : { type: 'function', function: choice } }
            : {}),
        }
      : {}),
    ...(request.sampling ? { temperature: request.sampling.temperature, top_p: request.sampling.topP } : {}),
    ...(request.maxTokens ? { [maxTokensParameter]: request.maxTokens } : {}),
  };
}

/** Arguments are a JSON string on the wire; an empty one means none, invalid JSON stays raw. */
function parseArguments(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw ?? {};
  if (raw.trim() === '') return {};
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** The reply's text; NUL characters are dropped (Postgres text cannot hold them, and they mean nothing). */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content.replaceAll('\u0000', '');
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (isRecord(part) && typeof part.text === 'string' ? part.text : ''))
    .join('')
    .replaceAll('\u0000', '');
}

const FINISH_REASONS: ReadonlySet<string> = new Set(['stop', 'length', 'tool_calls', 'content_filter']);

function finishReason(raw: unknown): LlmFinishReason {
  if (raw === 'function_call') return 'tool_calls';
  return typeof raw === 'string' && FINISH_REASONS.has(raw) ? (raw as LlmFinishReason) : 'other';
}

const estimate = (chars: number) => (chars > 0 ? Math.ceil(chars / 4) : 0);

function usageOf(raw: unknown, request: LlmRequest, text: string, calls: LlmToolCall[]): LlmUsage {
  if (isRecord(raw) && typeof raw.prompt_tokens === 'number' && typeof raw.completion_tokens === 'number') {
    return { promptTokens: raw.prompt_tokens, completionTokens: raw.completion_tokens };
  }
  const promptChars =
    JSON.stringify(request.messages.map(toWireMessage)).length +
    (request.tools ? JSON.stringify(request.tools).length : 0);
  const answerChars =
    text.length + calls.reduce((sum, call) => sum + wireArguments(call.arguments).length, 0);
  return {
    promptTokens: estimate(promptChars),
    completionTokens: Math.max(1, estimate(answerChars)),
    estimated: true,
  };
}

/** Reads a completion tolerantly; null when there is no first choice with a message. */
export function parseCompletion(value: unknown, request: LlmRequest): LlmResult | null {
  if (!isRecord(value) || !Array.isArray(value.choices)) return null;
  const choice: unknown = value.choices[0];
  if (!isRecord(choice) || !isRecord(choice.message)) return null;
  const message = choice.message;
  const rawCalls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  const toolCalls: LlmToolCall[] = [];
  rawCalls.forEach((call: unknown, index) => {
    if (!isRecord(call) || !isRecord(call.function) || typeof call.function.name !== 'string') return;
    toolCalls.push({
      id: typeof call.id === 'string' && call.id ? call.id : `call_${index}`,
      name: call.function.name,
      arguments: parseArguments(call.function.arguments),
    });
  });
  const text = contentText(message.content) || (typeof message.refusal === 'string' ? message.refusal : '');
  return {
    text,
    toolCalls,
    usage: usageOf(value.usage, request, text, toolCalls),
    model: typeof value.model === 'string' && value.model ? value.model : request.model,
    finishReason: finishReason(choice.finish_reason),
  };
}

/** `{data: [{index, embedding}], usage: {prompt_tokens}}`, vectors put back in input order. */
export function parseEmbeddings(value: unknown, request: EmbeddingRequest): EmbeddingResult | null {
  if (!isRecord(value) || !Array.isArray(value.data)) return null;
  const vectors: number[][] = new Array(request.input.length);
  for (const [position, item] of value.data.entries()) {
    if (!isRecord(item) || !Array.isArray(item.embedding)) return null;
    const index = typeof item.index === 'number' ? item.index : position;
    if (!item.embedding.every((x) => typeof x === 'number')) return null;
    vectors[index] = item.embedding as number[];
  }
  if (vectors.length !== request.input.length || vectors.some((vector) => !vector)) return null;
  const usage =
    isRecord(value.usage) && typeof value.usage.prompt_tokens === 'number'
      ? value.usage.prompt_tokens
      : estimate(request.input.reduce((sum, text) => sum + text.length, 0));
  return { vectors, promptTokens: usage };
}
