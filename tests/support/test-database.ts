import { createHash, randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { Logger } from 'drizzle-orm/logger';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import postgres from 'postgres';
import { migrationsFolder } from '../../db/migrations-folder';
import * as schema from '../../db/schema';
import type { Db } from '../../functions/ports/db';
import { openPgliteDb } from '../../functions/ports/db-pglite';
import { openPostgresDb } from '../../functions/ports/db-postgres';
import { withoutPgvector } from '../../functions/ports/db-postgres-migrate';
import { PreparedPGlite } from '../../functions/ports/pglite-prepared';

/**
 * A Postgres server's URL (scripts/postgres.mjs sets it for the "api (postgres)" suite): each test
 * database is then a fresh database there instead of PGlite in memory.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

export interface TestDb {
  db: Db;
  /** PGlite's own client; absent on a Postgres server. */
  pglite: PGlite | undefined;
  /** The database's URL on a Postgres server (for a child process such as the billing CLI). */
  url: string | undefined;
  pgvector: boolean;
  close: () => Promise<void>;
}

const withDatabase = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

async function admin<T>(server: string, work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(server, { max: 1, onnotice: () => {} });
  try {
    return await work(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * The test's database: PGlite (in memory, or in `dataDir` to reopen the same data), or on the
 * Postgres server (`server`, TEST_DATABASE_URL by default) a fresh database per call (per
 * `dataDir`, reopened by the same name).
 */
export async function openTestDb(
  options: { dataDir?: string; logger?: Logger; pgvector?: false; server?: string } = {},
): Promise<TestDb> {
  if (options.pgvector === false && !(TEST_DATABASE_URL && (await testDatabaseLacksPgvector()))) {
    return openPgliteWithoutPgvector();
  }
  const server = options.server ?? TEST_DATABASE_URL;
  if (!server) {
    const { db, client } = await openPgliteDb(options.dataDir, options.logger);
    return { db, pglite: client, url: undefined, pgvector: true, close: () => client.close() };
  }
  const name = options.dataDir
    ? `test_${createHash('sha256').update(options.dataDir).digest('hex').slice(0, 24)}`
    : `test_${randomUUID().replaceAll('-', '')}`;
  await admin(server, async (sql) => {
    const [exists] = await sql`select 1 from pg_database where datname = ${name}`;
    if (!exists) await sql.unsafe(`create database "${name}"`);
  });
  const url = withDatabase(server, name);
  const opened = await openPostgresDb(url, { max: 5, ...(options.logger ? { logger: options.logger } : {}) });
  return {
    db: opened.db,
    pglite: undefined,
    url,
    pgvector: opened.pgvector,
    close: async () => {
      await opened.close();
      // A database reopened by its folder stays until the server goes (scripts/postgres.mjs).
      if (!options.dataDir)
        await admin(server, (sql) => sql.unsafe(`drop database if exists "${name}" with (force)`));
    },
  };
}

let pgvectorKnown: Promise<boolean> | undefined;

/**
 * Whether the test database lacks pgvector (Debian's postgresql-15 has none): knowledge tests skip
 * there and run on PGlite, which has it, and on Neon in production.
 */
export function testDatabaseLacksPgvector(): Promise<boolean> {
  pgvectorKnown ??= TEST_DATABASE_URL
    ? admin(TEST_DATABASE_URL, async (sql) => {
        const [row] = await sql<{ ok: boolean }[]>`
          select exists (select 1 from pg_available_extensions where name = 'vector') as ok`;
        return row?.ok !== true;
      })
    : Promise.resolve(false);
  return pgvectorKnown;
}

/**
 * For `describe.skipIf(...)` of knowledge tests: true (and the reason printed) when the test
 * Postgres lacks pgvector; they run on PGlite, which has it, and on Neon in production.
 */
export async function skipWithoutPgvector(what: string): Promise<boolean> {
  const skip = await testDatabaseLacksPgvector();
  if (skip) console.info(`${what}: skipped, the test Postgres has no pgvector (they run on PGlite and Neon)`);
  return skip;
}

/**
 * PGlite without the vector extension, migrated the way `npm start` migrates a Postgres server that
 * lacks pgvector (functions/ports/db-postgres-migrate.ts).
 */
async function openPgliteWithoutPgvector(): Promise<TestDb> {
  const client = new PreparedPGlite();
  const db = drizzle(client, { schema });
  const migrations = withoutPgvector(readMigrationFiles({ migrationsFolder }));
  await new PgDialect().migrate(migrations, db._.session as unknown as Parameters<PgDialect['migrate']>[1], {
    migrationsFolder,
  });
  return { db, pglite: client, url: undefined, pgvector: false, close: () => client.close() };
}
