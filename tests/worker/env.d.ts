// The Worker's bindings under test (global-setup.ts provides them); production gets the same names
// from wrangler.toml [vars] and `wrangler secret put`.
declare namespace Cloudflare {
  interface Env {
    PUBLIC_URL: string;
    JWT_SECRET: string;
    SECRETS_KEY: string;
    DATABASE_URL: string;
    NEON_WS_PROXY: string;
    UPSTASH_REDIS_REST_URL: string;
    UPSTASH_REDIS_REST_TOKEN: string;
    QSTASH_URL: string;
    QSTASH_TOKEN: string;
    QSTASH_CURRENT_SIGNING_KEY: string;
    QSTASH_NEXT_SIGNING_KEY: string;
    PARTYKIT_HOST: string;
    PARTYKIT_SECRET: string;
    MAIL_API_URL: string;
    MAIL_API_KEY: string;
    MAIL_FROM: string;
    TELEGRAM_API_ROOT: string;
    WAZZUP_API_ROOT: string;
    LLM_BASE_URL: string;
    LLM_API_KEY: string;
    TBANK_TERMINAL_KEY: string;
    TBANK_PASSWORD: string;
    TBANK_API_ROOT: string;
    INVOICE_SELLER: string;
    DOCUMENTS_SECRET: string;
    /** The documents Worker (wrangler.documents.toml), run beside the API Worker in the tests. */
    DOCUMENTS: Fetcher;
    /** The static assets (web/dist), where the API reads the built bot templates. */
    ASSETS: Fetcher;
  }
}
