import {
  type EmbeddingRequest,
  type EmbeddingResult,
  type Llm,
  LlmError,
  type LlmRequest,
  type LlmResult,
} from './llm';

/**
 * The llm port when LLM_BASE_URL is not set (embedded shape without a model endpoint). Every call
 * fails, like a rejected key would, with kind 'auth' and code 'not_configured': nothing to retry,
 * the owner has to configure the endpoint. The engine records the error row and the UI says so.
 */
export class UnconfiguredLlm implements Llm {
  async complete(_request: LlmRequest): Promise<LlmResult> {
    throw notConfigured();
  }

  async embed(_request: EmbeddingRequest): Promise<EmbeddingResult> {
    throw notConfigured();
  }
}

function notConfigured(): LlmError {
  return new LlmError('auth', 'The model endpoint is not configured (set LLM_BASE_URL and LLM_API_KEY)', {
    code: 'not_configured',
    retryable: false,
  });
}
