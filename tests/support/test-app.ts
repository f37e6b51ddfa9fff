import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'drizzle-orm/logger';
import { createApp } from '../../functions/app';
import { jobHandlers } from '../../functions/jobs';
import { openApiDocument } from '../../functions/openapi/document';
import { resolvingGuardedFetch } from '../../functions/outbound/guarded-fetch-node';
import type { AppSettings, Ports } from '../../functions/ports';
import { ManualClock } from '../../functions/ports/clock-manual';
import { FolderFiles } from '../../functions/ports/files-folder';
import { LocalJobs } from '../../functions/ports/jobs-local';
import type { Kv } from '../../functions/ports/kv';
import { MemoryKv } from '../../functions/ports/kv-memory';
import { PostgresKv } from '../../functions/ports/kv-postgres';
import type { Llm } from '../../functions/ports/llm';
import { UnconfiguredLlm } from '../../functions/ports/llm-unconfigured';
import { CapturedMail } from '../../functions/ports/mail-captured';
import type { DocumentParser } from '../../functions/ports/parser';
import { ThreadParser } from '../../functions/ports/parser-thread';
import { noPayments, type Payments } from '../../functions/ports/payments';
import { InlinePdf } from '../../functions/ports/pdf-inline';
import { LocalRooms } from '../../functions/ports/rooms-local';
import { bundledTemplates } from '../../functions/ports/templates-bundled';
import { openTestDb } from './test-database';

export const TEST_SETTINGS: AppSettings = {
  jwtSecret: 'test-secret-that-is-long-enough-for-hs256!!',
  publicUrl: 'http://127.0.0.1:8787',
  /** A fixed SECRETS_KEY (32 bytes, base64), so tests can open what the app sealed. */
  secretsKey: 'dGVzdC1zZWNyZXRzLWtleS0zMi1ieXRlcy1sb25nISE=',
  guardedFetch: resolvingGuardedFetch(),
};

export interface TestAppOptions {
  llm?: Llm;
  payments?: Payments;
  /** Reads uploaded documents; worker threads with the default limits when omitted, as `npm start`. */
  parser?: DocumentParser;
  /**
   * An on-disk database folder (to restart over the same data); in memory when omitted. On the test
   * Postgres server (TEST_DATABASE_URL) it names the database instead.
   */
  dataDir?: string;
  clock?: ManualClock;
  settings?: Partial<AppSettings>;
  /** Sees every SQL statement (the bench's profile). */
  dbLogger?: Logger;
  /** A database without pgvector, as a Postgres server for the Node shape may be. */
  pgvector?: false;
}

/**
 * The real app over PGlite (or a fresh database on the Postgres server of TEST_DATABASE_URL), a
 * manual clock, captured mail; one per test file. The engine's jobs are registered with the local
 * runner: tests run them with `jobs.runDue()` after moving the clock.
 */
export async function createTestApp(options: TestAppOptions = {}) {
  const clock = options.clock ?? new ManualClock(new Date());
  const opened = await openTestDb({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.dbLogger ? { logger: options.dbLogger } : {}),
    ...(options.pgvector === false ? { pgvector: false as const } : {}),
  });
  const { db } = opened;
  const mail = new CapturedMail();
  // The kv `npm start` uses over the same database: in memory beside PGlite, a table on Postgres.
  const kv: Kv = opened.pglite ? new MemoryKv(clock) : new PostgresKv(db, clock);
  const jobs = new LocalJobs(db, clock);
  const settings: AppSettings = { ...TEST_SETTINGS, ...options.settings };
  const rooms = new LocalRooms(`rooms:${settings.jwtSecret}`, settings.publicUrl);
  const ports: Ports = {
    db,
    kv,
    mail,
    clock,
    jobs,
    rooms,
    llm: options.llm ?? new UnconfiguredLlm(),
    files: new FolderFiles(await mkdtemp(join(tmpdir(), 'files-'))),
    payments: options.payments ?? noPayments,
    parser: options.parser ?? new ThreadParser(),
    pdf: new InlinePdf(),
    templates: bundledTemplates,
  };
  for (const [name, handler] of Object.entries(jobHandlers)) {
    jobs.register(name, (payload) => handler(payload, ports, settings));
  }
  const app = createApp(ports, settings, {
    clientIp: (c) => c.req.header('x-test-ip'),
    referenceDocument: openApiDocument,
  });
  return {
    app,
    ports,
    settings,
    clock,
    mail,
    kv,
    jobs,
    rooms,
    db,
    /** PGlite's client; undefined on the test Postgres server. */
    client: opened.pglite,
    /** The database's URL on the test Postgres server (for a child process), otherwise undefined. */
    databaseUrl: opened.url,
    close: opened.close,
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
