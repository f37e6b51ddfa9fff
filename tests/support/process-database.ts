import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  startThrowawayPostgres,
  type ThrowawayPostgres,
  type ThrowawayPostgresOptions,
} from '../../scripts/postgres.mjs';
import { openTestDb, TEST_DATABASE_URL } from './test-database';

const root = new URL('../..', import.meta.url).pathname;

/** A database and a DATA_DIR that several `npm start` processes share in one test. */
export interface ProcessDatabase {
  /** The database's URL: DATABASE_URL of every process. */
  url: string;
  dataDir: string;
  /** The throwaway server started for it; absent on TEST_DATABASE_URL's server. */
  server: ThrowawayPostgres | undefined;
  close(): Promise<void>;
}

/**
 * A fresh database, created and migrated the way the test app's are, on TEST_DATABASE_URL's server
 * or a throwaway one started for the test (with `serverOptions`), and an empty DATA_DIR under
 * tests/.tmp named `name-…`.
 */
export async function processDatabase(
  name: string,
  serverOptions?: ThrowawayPostgresOptions,
): Promise<ProcessDatabase> {
  const throwaway: ThrowawayPostgres | undefined = TEST_DATABASE_URL
    ? undefined
    : await startThrowawayPostgres(serverOptions);
  const opened = await openTestDb({ server: TEST_DATABASE_URL ?? throwaway?.url });
  if (!opened.url) throw new Error('a Postgres database was expected');
  await mkdir(join(root, 'tests/.tmp'), { recursive: true });
  const dataDir = await mkdtemp(join(root, `tests/.tmp/${name}-`));
  return {
    url: opened.url,
    dataDir,
    server: throwaway,
    async close() {
      await opened.close();
      throwaway?.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
