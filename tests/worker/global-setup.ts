import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { TestProject } from 'vitest/node';
import { openPgliteDb } from '../../functions/ports/db-pglite';
import { startFakeMailApi } from '../fakes/mail-api';
import { startFakeOpenAi } from '../fakes/openai';
import { startFakeQStash } from '../fakes/qstash';
import { startFakeTbank } from '../fakes/tbank';
import { startFakeTelegram } from '../fakes/telegram';
import { startFakeUpstashRedis } from '../fakes/upstash-redis';
import { startFakeWazzup } from '../fakes/wazzup';
import { SBERBANK_REQUISITES } from '../support/requisites';
import { startNeonWsProxy } from './support/neon-ws-proxy';
import { TEST_PUBLIC_URL, TEST_SECRETS } from './support/secrets';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Vars and secrets for the Worker under test, pointing at the services started here. */
    workerBindings: Record<string, string>;
  }
}

/**
 * Node side of the Worker tests: Postgres is PGlite in memory with the migrations applied, served on
 * its wire protocol and reached by the real Neon driver through a WebSocket pipe; Upstash Redis,
 * QStash, the mail API, the Telegram Bot API, Wazzup, the OpenAI-compatible model and T-Bank are
 * protocol-faithful fakes.
 */
export default async function setup(project: TestProject) {
  const { client } = await openPgliteDb();
  const postgres = new PGLiteSocketServer({ db: client, host: '127.0.0.1', port: 0, maxConnections: 64 });
  await postgres.start();
  const postgresPort = Number(postgres.getServerConn().split(':').at(-1));
  const neonProxy = await startNeonWsProxy(postgresPort);
  const redis = await startFakeUpstashRedis(TEST_SECRETS.UPSTASH_REDIS_REST_TOKEN);
  const qstash = await startFakeQStash(TEST_SECRETS.QSTASH_TOKEN);
  const mail = await startFakeMailApi(TEST_SECRETS.MAIL_API_KEY);
  const telegram = await startFakeTelegram();
  // The Worker cannot be reached from here: its webhooks wait for the test to relay them.
  const wazzup = await startFakeWazzup({ relayUnreachable: true });
  const llm = await startFakeOpenAi({ apiKey: TEST_SECRETS.LLM_API_KEY });
  const tbank = await startFakeTbank({
    terminals: [{ terminalKey: TEST_SECRETS.TBANK_TERMINAL_KEY, password: TEST_SECRETS.TBANK_PASSWORD }],
    maxAttempts: 1,
  });

  project.provide('workerBindings', {
    ...TEST_SECRETS,
    PUBLIC_URL: TEST_PUBLIC_URL,
    DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${postgresPort}/postgres`,
    NEON_WS_PROXY: neonProxy.proxy,
    UPSTASH_REDIS_REST_URL: redis.url,
    QSTASH_URL: qstash.url,
    MAIL_API_URL: mail.endpoint,
    // Tests reach the fake's own state through its `/__fake/...` endpoints at the same address.
    TELEGRAM_API_ROOT: telegram.url,
    // Wazzup's API; tests drive the fake and relay its webhooks through `/__fake/...` there.
    WAZZUP_API_ROOT: wazzup.url,
    // The model; tests script its answers through `/__fake/...` at the same host.
    LLM_BASE_URL: llm.baseUrl,
    // Nothing listens here: publishing to a room is best effort and only logs the failure
    // (tests/worker/party.node.test.ts checks the room itself).
    PARTYKIT_HOST: 'http://127.0.0.1:9',
    // Card payments in rub; tests drive the fake through `/__fake/...` at the same host.
    TBANK_API_ROOT: tbank.url,
    // Invoices are offered; their PDFs are drawn by the documents Worker behind DOCUMENTS.
    INVOICE_SELLER: JSON.stringify({
      ...SBERBANK_REQUISITES,
      name: 'ООО «Конструктор ботов»',
      vat_rate: null,
    }),
  });

  return async () => {
    await Promise.all([
      llm.close(),
      tbank.close(),
      telegram.close(),
      wazzup.close(),
      mail.close(),
      qstash.close(),
      redis.close(),
      neonProxy.close(),
    ]);
    await postgres.stop();
    await client.close();
  };
}
