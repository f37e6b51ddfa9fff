import type { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite/vector';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../../db/migrations-folder';
import * as schema from '../../db/schema';
import type { Db } from './db';
import { PreparedPGlite } from './pglite-prepared';

export interface PgliteDb {
  db: Db;
  client: PGlite;
}

/**
 * Opens PGlite (in memory when `dataDir` is omitted) and applies the committed migrations. A
 * `logger` sees every statement (the bench counts them).
 */
export async function openPgliteDb(dataDir?: string, logger?: Logger): Promise<PgliteDb> {
  // pgvector, as Neon has it: knowledge chunks are searched by embedding (db/schema/knowledge.ts).
  const client = new PreparedPGlite({ ...(dataDir ? { dataDir } : {}), extensions: { vector } });
  const db = drizzle(client, { schema, ...(logger ? { logger } : {}) });
  await migrate(db, { migrationsFolder });
  return { db, client };
}
