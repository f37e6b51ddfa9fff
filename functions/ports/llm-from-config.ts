import type { Llm } from './llm';
import { OpenAiLlm } from './llm-openai';
import { UnconfiguredLlm } from './llm-unconfigured';

/** The llm port both entries build from LLM_BASE_URL / LLM_API_KEY. */
export function llmFromConfig(config: {
  LLM_BASE_URL?: string | undefined;
  LLM_API_KEY?: string | undefined;
}): Llm {
  if (!config.LLM_BASE_URL) return new UnconfiguredLlm();
  return new OpenAiLlm({ baseUrl: config.LLM_BASE_URL, apiKey: config.LLM_API_KEY ?? '' });
}
