import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../../db/migrations-folder';
import * as schema from '../../db/schema';
import type { Db } from './db';

export interface PgliteDb {
  db: Db;
  client: PGlite;
}

/** Opens PGlite (in memory when `dataDir` is omitted) and applies the committed migrations. */
export async function openPgliteDb(dataDir?: string): Promise<PgliteDb> {
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db, client };
}
