import type { LlmMessage, LlmTool } from '../ports/llm';
import { priceOf, type TokenUsage } from '../shared/models';

/**
 * The most prompt tokens one model call of an answer may read (docs/engine.md "Prices and limits of one answer"). The
 * count is an upper bound, not a guess: a token of a byte-pair tokenizer stands for at least one
 * byte, so the UTF-8 size of the texts plus a few tokens of framing per message bounds it. A bot's
 * longest allowed prompt fits well within it; older dialogue messages are left out when needed.
 */
export const PROMPT_TOKEN_BUDGET = 64_000;
/** Framing tokens a message costs besides its text (role, separators). */
const PER_MESSAGE_TOKENS = 8;

const encoder = new TextEncoder();
const bytes = (text: string | null | undefined) => (text ? encoder.encode(text).length : 0);

function messageTokens(message: LlmMessage): number {
  const text =
    message.role === 'assistant'
      ? bytes(message.content) + bytes(message.toolCalls ? JSON.stringify(message.toolCalls) : '')
      : bytes(message.content);
  return text + PER_MESSAGE_TOKENS;
}

/** The upper bound of the prompt tokens a call with these messages and tools reads. */
export function promptTokenBound(messages: readonly LlmMessage[], tools: readonly LlmTool[]): number {
  const toolTokens = tools.length > 0 ? bytes(JSON.stringify(tools)) : 0;
  return messages.reduce((sum, message) => sum + messageTokens(message), toolTokens);
}

/**
 * Drops the oldest dialogue messages (never the system messages, never what this answer added after
 * `keepFrom`) until the call fits the budget. Returns null when even that does not fit.
 */
export function fitToBudget(
  messages: LlmMessage[],
  tools: readonly LlmTool[],
  keepFrom: number,
): LlmMessage[] | null {
  const fitted = [...messages];
  let protectedFrom = keepFrom;
  while (promptTokenBound(fitted, tools) > PROMPT_TOKEN_BUDGET) {
    const oldest = fitted.findIndex((message, index) => index < protectedFrom && message.role !== 'system');
    // The customer's newest message stays: without it there is nothing to answer.
    if (oldest === -1 || oldest >= protectedFrom - 1) return null;
    fitted.splice(oldest, 1);
    protectedFrom--;
  }
  return fitted;
}

/** The most one call can cost: its prompt bound read, `maxTokens` written. */
export function callPriceBound(
  model: string,
  messages: readonly LlmMessage[],
  tools: readonly LlmTool[],
  maxTokens: number,
  currency: Parameters<typeof priceOf>[2],
): number {
  const usage: TokenUsage = { promptTokens: promptTokenBound(messages, tools), completionTokens: maxTokens };
  return priceOf(model, usage, currency);
}
