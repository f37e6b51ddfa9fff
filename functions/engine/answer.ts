import type { Message } from '../../db/schema';
import { LlmError, type LlmMessage } from '../ports/llm';
import { requestSampling, resolveModel, type TokenUsage } from '../shared/models';
import { callPriceBound, fitToBudget } from './budget';
import { findKnowledge, knowledgeSection } from './knowledge';
import { dialogueSinceSwitch } from './model-access';
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

/** The prompt does not fit PROMPT_TOKEN_BUDGET even with the dialogue cut to the newest message. */
export const overBudget = () =>
  new LlmError('bad_request', 'The prompt is longer than the token budget of one answer', {
    retryable: false,
  });

/**
 * Asks the bot's model for the reply to the dialogue (`history` ends with the waiting messages),
 * running the tools it calls and passing their results back, at most MAX_TOOL_ROUNDS times.
 * Before each call the turn's `beforeCall` reserves the call's price bound (and keeps the chat's
 * claim). Throws the llm port's LlmError when a call fails.
 */
export async function askModel(turn: Turn, history: Message[]): Promise<ModelAnswer> {
  const { bot } = turn;
  const model = resolveModel(bot.model).id;
  const sampling = requestSampling(model, bot.temperatureMode, bot.temperature);
  const tools = await toolsFor(turn);
  const usage: TokenUsage = { promptTokens: 0, completionTokens: 0 };
  const knowledge = await findKnowledge(turn, history);
  if (knowledge) usage.embeddingTokens = knowledge.embeddingTokens;
  const system = [systemText(turn), knowledge ? knowledgeSection(knowledge) : '']
    .filter(Boolean)
    .join('\n\n');
  const dialogue: LlmMessage[] = [
    { role: 'system', content: system },
    ...dialogueMessages(dialogueSinceSwitch(history, turn.account, turn.waiting)),
  ];
  const messages = fitToBudget(dialogue, tools.tools, dialogue.length);
  if (!messages) throw overBudget();
  // Tool calls and their results of this answer are never cut from later calls.
  const ownFrom = messages.length;
  for (let round = 0; ; round++) {
    const last = round >= MAX_TOOL_ROUNDS;
    const fitted = fitToBudget(messages, tools.tools, ownFrom);
    if (!fitted) throw overBudget();
    await turn.beforeCall(
      callPriceBound(model, fitted, tools.tools, MAX_ANSWER_TOKENS, turn.account.currency),
    );
    const result = await turn.llm.complete({
      model,
      messages: fitted,
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
