import { type Llm, LlmError, type LlmRequest, type LlmResult } from './llm';

/**
 * The llm port when LLM_BASE_URL is not set (embedded shape without a model endpoint). Every call
 * fails, like a rejected key would, with kind 'auth' and code 'not_configured': nothing to retry,
 * the owner has to configure the endpoint. The engine records the error row and the UI says so.
 */
export class UnconfiguredLlm implements Llm {
  async complete(_request: LlmRequest): Promise<LlmResult> {
    throw new LlmError('auth', 'The model endpoint is not configured (set LLM_BASE_URL and LLM_API_KEY)', {
      code: 'not_configured',
      retryable: false,
    });
  }
}
