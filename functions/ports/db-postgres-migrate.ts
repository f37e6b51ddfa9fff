import { sql } from 'drizzle-orm';
import { type MigrationMeta, readMigrationFiles } from 'drizzle-orm/migrator';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { migrationsFolder } from '../../db/migrations-folder';
import { EMBEDDING_DIMENSIONS } from '../shared/models';

/** The advisory lock key every process migrating this database takes (any constant bigint). */
const MIGRATION_LOCK = 7_261_026_001;

/** Statements that need pgvector beyond its column type: its indexes and operator classes. */
const VECTOR_ONLY = /\b(hnsw|ivfflat|vector_(cosine|l2|ip)_ops)\b/i;
const CREATE_VECTOR = /create\s+extension\s+(if\s+not\s+exists\s+)?"?vector"?/i;

/**
 * The committed migrations as a server without pgvector can run them: the extension is not created,
 * an embedding column is plain text (it stays null: nothing is embedded there), vector indexes are
 * left out. The hashes stay those of the committed files.
 */
export function withoutPgvector(migrations: MigrationMeta[]): MigrationMeta[] {
  return migrations.map((migration) => ({
    ...migration,
    sql: migration.sql
      .filter((statement) => !CREATE_VECTOR.test(statement) && !VECTOR_ONLY.test(statement))
      .map((statement) => statement.replace(/\bvector\(\d+\)/gi, 'text')),
  }));
}

export interface Migrated {
  /** The `vector` extension is installed: knowledge can be embedded and searched. */
  pgvector: boolean;
}

/**
 * Applies db/migrations (drizzle's migrator, as PGlite and Neon get them) on one connection under an
 * advisory lock, so processes starting together migrate once and the others wait for it. Without
 * pgvector on the server the knowledge tables are made without it; when pgvector arrives later,
 * the next start installs it and gives the embedding column its type.
 */
export async function migratePostgres(url: string): Promise<Migrated> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  const db = drizzle(client);
  try {
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
    const [available] = await client<{ ok: boolean }[]>`
      select exists (select 1 from pg_available_extensions where name = 'vector') as ok`;
    const committed = readMigrationFiles({ migrationsFolder });
    const migrations = available?.ok ? committed : withoutPgvector(committed);
    // drizzle's own migrator, handed the (possibly adapted) migrations instead of reading the folder.
    const session = db._.session as unknown as Parameters<PgDialect['migrate']>[1];
    await new PgDialect().migrate(migrations, session, { migrationsFolder });
    if (available?.ok) await upgradeToPgvector(client);
    const [installed] = await client<{ ok: boolean }[]>`
      select exists (select 1 from pg_extension where extname = 'vector') as ok`;
    return { pgvector: installed?.ok === true };
  } finally {
    await client.end({ timeout: 5 });
  }
}

/** A database first migrated without pgvector, now on a server that has it. */
async function upgradeToPgvector(client: postgres.Sql): Promise<void> {
  const [column] = await client<{ type: string }[]>`
    select data_type as type from information_schema.columns
    where table_schema = current_schema() and table_name = 'knowledge_chunks' and column_name = 'embedding'`;
  if (column?.type !== 'text') return;
  await client.begin(async (tx) => {
    await tx`create extension if not exists vector`;
    // Nothing was embedded without pgvector: the column holds only nulls.
    await tx.unsafe(
      `alter table knowledge_chunks alter column embedding type vector(${EMBEDDING_DIMENSIONS}) using null`,
    );
  });
}
