import type { Message } from '../../db/schema';
import type { LlmMessage } from '../ports/llm';
import { requestSampling, resolveModel, type TokenUsage } from '../shared/models';
import { dialogueMessages, systemText } from './prompt';
import { runToolCall, toolsFor } from './tools';
import type { Turn } from './turn';

/** Model calls with tools in one answer before the model is told to answer in words. */
export const MAX_TOOL_ROUNDS = 5;
/** A chat reply never needs more; it bounds the price of one answer. */
export const MAX_ANSWER_TOKENS = 2048;

export interface ModelAnswer {
  text: string;
  /** Tokens of every call of this answer. */
  usage: TokenUsage;
  /** The catalogue model billed. */
  model: string;
}

/**
 * Asks the bot's model for the reply to the dialogue (`history` ends with the waiting messages),
 * running the tools it calls and passing their results back, at most MAX_TOOL_ROUNDS times.
 * Throws the llm port's LlmError when a call fails.
 */
export async function askModel(turn: Turn, history: Message[]): Promise<ModelAnswer> {
  const { bot } = turn;
  const model = resolveModel(bot.model).id;
  const sampling = requestSampling(model, bot.temperatureMode, bot.temperature);
  const tools = toolsFor(turn);
  const messages: LlmMessage[] = [
    { role: 'system', content: systemText(turn) },
    ...dialogueMessages(history),
  ];
  const usage: TokenUsage = { promptTokens: 0, completionTokens: 0 };
  for (let round = 0; ; round++) {
    const last = round >= MAX_TOOL_ROUNDS;
    const result = await turn.ctx.ports.llm.complete({
      model,
      messages,
      ...(tools.tools.length > 0
        ? { tools: tools.tools, ...(last ? { toolChoice: 'none' as const } : {}) }
        : {}),
      ...(sampling ? { sampling } : {}),
      maxTokens: MAX_ANSWER_TOKENS,
    });
    usage.promptTokens += result.usage.promptTokens;
    usage.completionTokens += result.usage.completionTokens;
    if (result.toolCalls.length === 0 || last) return { text: result.text, usage, model };
    messages.push({ role: 'assistant', content: result.text || null, toolCalls: result.toolCalls });
    for (const call of result.toolCalls) {
      const answer = await runToolCall(turn, tools, call, result.text);
      messages.push({ role: 'tool', toolCallId: call.id, content: answer.content });
    }
    if (turn.finalText !== null) return { text: turn.finalText, usage, model };
  }
}
