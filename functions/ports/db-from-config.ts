import { join } from 'node:path';
import type { Db } from './db';
import { openPgliteDb } from './db-pglite';
import { openPostgresDb } from './db-postgres';

export interface NodeDb {
  db: Db;
  /** Where the data is, for the start-up line (never the URL: it may carry a password). */
  where: string;
  close: () => Promise<void>;
}

/** `npm start`'s database: the Postgres server of DATABASE_URL, or PGlite in DATA_DIR/pg. */
export async function openNodeDb(databaseUrl: string | undefined, dataDir: string): Promise<NodeDb> {
  if (databaseUrl) {
    const { db, pgvector, close } = await openPostgresDb(databaseUrl);
    const { hostname, port, pathname } = new URL(databaseUrl);
    const where = `postgres ${hostname}${port ? `:${port}` : ''}${pathname}${pgvector ? '' : ', without pgvector'}`;
    return { db, where, close };
  }
  const { db, client } = await openPgliteDb(join(dataDir, 'pg'));
  return { db, where: join(dataDir, 'pg'), close: () => client.close() };
}
