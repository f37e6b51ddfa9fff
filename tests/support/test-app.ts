import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'drizzle-orm/logger';
import { createApp } from '../../functions/app';
import { jobHandlers } from '../../functions/jobs';
import { resolvingGuardedFetch } from '../../functions/outbound/guarded-fetch-node';
import type { AppSettings, Ports } from '../../functions/ports';
import { ManualClock } from '../../functions/ports/clock-manual';
import { openPgliteDb } from '../../functions/ports/db-pglite';
import { FolderFiles } from '../../functions/ports/files-folder';
import { LocalJobs } from '../../functions/ports/jobs-local';
import { MemoryKv } from '../../functions/ports/kv-memory';
import type { Llm } from '../../functions/ports/llm';
import { UnconfiguredLlm } from '../../functions/ports/llm-unconfigured';
import { CapturedMail } from '../../functions/ports/mail-captured';
import type { DocumentParser } from '../../functions/ports/parser';
import { ThreadParser } from '../../functions/ports/parser-thread';
import { noPayments, type Payments } from '../../functions/ports/payments';
import { InlinePdf } from '../../functions/ports/pdf-inline';
import { LocalRooms } from '../../functions/ports/rooms-local';

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
  /** An on-disk database folder (to restart over the same data); in memory when omitted. */
  dataDir?: string;
  clock?: ManualClock;
  settings?: Partial<AppSettings>;
  /** Sees every SQL statement (the bench's profile). */
  dbLogger?: Logger;
}

/**
 * The real app over PGlite, a manual clock, captured mail; one per test file. The engine's jobs
 * are registered with the local runner: tests run them with `jobs.runDue()` after moving the clock.
 */
export async function createTestApp(options: TestAppOptions = {}) {
  const clock = options.clock ?? new ManualClock(new Date());
  const { db, client } = await openPgliteDb(options.dataDir, options.dbLogger);
  const mail = new CapturedMail();
  const kv = new MemoryKv(clock);
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
  };
  for (const [name, handler] of Object.entries(jobHandlers)) {
    jobs.register(name, (payload) => handler(payload, ports, settings));
  }
  const app = createApp(ports, settings, { clientIp: (c) => c.req.header('x-test-ip') });
  return { app, ports, settings, clock, mail, kv, jobs, rooms, db, client, close: () => client.close() };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
