import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite/vector';
import postgres from 'postgres';
import { openPgliteDb } from '../functions/ports/db-pglite';
import { startRoundRobinProxy } from '../tests/api/support/round-robin-proxy';
import type { FakeOpenAi } from '../tests/fakes/openai';
import { type FakeTelegram, startFakeTelegram } from '../tests/fakes/telegram';
import { type LocalServer, type ServerEnv, startLocalServer } from '../tests/support/local-server';
import { type ProcessDatabase, processDatabase } from '../tests/support/process-database';
import { enableStatementStats, installInstruments, type Query } from './instrument';
import { MODEL_KEY, startSimulatedModel } from './model';
import type { Random } from './random';
import type { SimulateSettings } from './settings';

/** The role the simulator reads the database as, so its own statements are told apart. */
export const READER_ROLE = 'simulate_reader';

/** The product as the simulation reaches it, and the database as it measures it. */
export interface Environment {
  /** The round-robin proxy, seen as a server by the account helpers (mail codes in the shared DATA_DIR). */
  front: LocalServer;
  llm: FakeOpenAi;
  telegram: FakeTelegram;
  servers: LocalServer[];
  /** Postgres: its URL for the simulator's reader, whether statements are counted, the cluster's folder. */
  postgres?: { readerUrl: string; statementStats: boolean; dataDirectory?: string };
  /** Reads the database (in the embedded shape only once the server has stopped). */
  withQuery<T>(work: (query: Query) => Promise<T>): Promise<T>;
  stopServers(): Promise<void>;
  close(): Promise<void>;
}

const root = new URL('..', import.meta.url).pathname;

export async function startEnvironment(settings: SimulateSettings, random: Random): Promise<Environment> {
  const [llm, telegram] = await Promise.all([startSimulatedModel(random), startFakeTelegram()]);
  const env: ServerEnv = {
    LLM_BASE_URL: llm.baseUrl,
    LLM_API_KEY: MODEL_KEY,
    TELEGRAM_API_ROOT: telegram.url,
    // Telegram takes only an https webhook address: the one the product is reached by.
    PUBLIC_URL: 'https://bots.example.com',
    // A CDN writes the visitor's address, then the proxy appends the CDN's.
    TRUST_PROXY: '2',
  };
  let database: ProcessDatabase | undefined;
  let dataDir: string;
  let reader: Environment['postgres'];
  if (settings.database === 'postgres') {
    database = await processDatabase('simulate', { sharedPreloadLibraries: ['pg_stat_statements'] });
    dataDir = database.dataDir;
    env.DATABASE_URL = database.url;
    reader = await prepareReader(database);
  } else {
    await mkdir(join(root, 'simulate/.tmp'), { recursive: true });
    dataDir = await mkdtemp(join(root, 'simulate/.tmp/embedded-'));
    // Migrated here first, so the instruments are in place before the server opens it.
    const { client } = await openPgliteDb(join(dataDir, 'pg'));
    await installInstruments(pgliteQuery(client));
    await client.close();
  }
  const servers = [await startLocalServer(dataDir, undefined, env)];
  const more = Array.from({ length: settings.processes - 1 }, () =>
    startLocalServer(dataDir, undefined, env),
  );
  servers.push(...(await Promise.all(more)));
  const proxy = await startRoundRobinProxy(servers.map((server) => server.url));
  const stopServers = async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
  return {
    front: { ...(servers[0] as LocalServer), url: proxy.url },
    llm,
    telegram,
    servers,
    ...(reader ? { postgres: reader } : {}),
    async withQuery(work) {
      if (reader) return withPostgresQuery(reader.readerUrl, work);
      const client = new PGlite({ dataDir: join(dataDir, 'pg'), extensions: { vector } });
      try {
        return await work(pgliteQuery(client));
      } finally {
        await client.close();
      }
    },
    stopServers,
    async close() {
      await stopServers();
      await proxy.close();
      await Promise.all([llm.close(), telegram.close()]);
      await database?.close();
      if (!database) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A login role for the simulator's reading, the instruments and the statement counter in place. */
async function prepareReader(database: ProcessDatabase): Promise<NonNullable<Environment['postgres']>> {
  const readerUrl = new URL(database.url);
  readerUrl.username = READER_ROLE;
  const statementStats = await withPostgresQuery(database.url, async (query) => {
    await query(`do $$ begin
      if not exists (select 1 from pg_roles where rolname = '${READER_ROLE}') then
        create role ${READER_ROLE} login superuser;
      end if; end $$`);
    await installInstruments(query);
    return enableStatementStats(query);
  });
  return {
    readerUrl: readerUrl.toString(),
    statementStats,
    ...(database.server ? { dataDirectory: database.server.dataDirectory } : {}),
  };
}

async function withPostgresQuery<T>(url: string, work: (query: Query) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await work(<Row>(text: string) => sql.unsafe(text) as unknown as Promise<Row[]>);
  } finally {
    await sql.end();
  }
}

const pgliteQuery =
  (client: PGlite): Query =>
  async <Row>(text: string) =>
    (await client.query<Row>(text)).rows;
