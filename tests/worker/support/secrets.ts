/** Test-only credentials: the fakes expect them and the Worker gets them as bindings. */
export const TEST_SECRETS = {
  JWT_SECRET: 'worker-test-jwt-secret-long-enough-for-hs256',
  /** 32 bytes in hex: the key integration credentials are sealed with. */
  SECRETS_KEY: '776f726b65722d746573742d736563726574732d6b65792d33322d6279746573',
  UPSTASH_REDIS_REST_TOKEN: 'test-upstash-redis-token',
  QSTASH_TOKEN: 'test-qstash-token',
  QSTASH_CURRENT_SIGNING_KEY: 'sig_test_current_signing_key',
  QSTASH_NEXT_SIGNING_KEY: 'sig_test_next_signing_key',
  PARTYKIT_SECRET: 'test-partykit-secret-long-enough-to-pass',
  /** Shared by the API Worker and the documents Worker behind its DOCUMENTS binding. */
  DOCUMENTS_SECRET: 'test-documents-secret-long-enough-to-pass',
  MAIL_API_KEY: 're_test_mail_api_key',
  LLM_API_KEY: 'sk-worker-test-llm-key-0123456789',
  TBANK_TERMINAL_KEY: 'WorkerTestTerminal',
  TBANK_PASSWORD: 'worker-tbank-pass',
} as const;

/**
 * The public origin the Worker believes it has; SELF.fetch calls it, QStash jobs target it and
 * Telegram webhooks point at it, so it must stay https on a port Telegram allows (443, 80, 88, 8443).
 */
export const TEST_PUBLIC_URL = 'https://app.test';
