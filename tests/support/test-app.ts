import { createApp } from '../../functions/app';
import type { AppSettings, Ports } from '../../functions/ports';
import { ManualClock } from '../../functions/ports/clock-manual';
import { openPgliteDb } from '../../functions/ports/db-pglite';
import { LocalJobs } from '../../functions/ports/jobs-local';
import { MemoryKv } from '../../functions/ports/kv-memory';
import type { Llm } from '../../functions/ports/llm';
import { UnconfiguredLlm } from '../../functions/ports/llm-unconfigured';
import { CapturedMail } from '../../functions/ports/mail-captured';
import { LocalRooms } from '../../functions/ports/rooms-local';

export const TEST_SETTINGS: AppSettings = {
  jwtSecret: 'test-secret-that-is-long-enough-for-hs256!!',
  publicUrl: 'http://127.0.0.1:8787',
};

/** The real app over in-memory PGlite, a manual clock, captured mail; one per test file. */
export async function createTestApp(options: { llm?: Llm } = {}) {
  const clock = new ManualClock(new Date());
  const { db, client } = await openPgliteDb();
  const mail = new CapturedMail();
  const kv = new MemoryKv(clock);
  const jobs = new LocalJobs(db, clock);
  const rooms = new LocalRooms();
  const ports: Ports = { db, kv, mail, clock, jobs, rooms, llm: options.llm ?? new UnconfiguredLlm() };
  const app = createApp(ports, TEST_SETTINGS, { clientIp: (c) => c.req.header('x-test-ip') });
  return { app, ports, clock, mail, kv, jobs, rooms, db, client, close: () => client.close() };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
