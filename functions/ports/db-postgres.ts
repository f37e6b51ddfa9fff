import type { Logger } from 'drizzle-orm/logger';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from '../../db/schema';
import type { Db } from './db';
import { migratePostgres } from './db-postgres-migrate';

export interface PostgresDb {
  db: Db;
  client: postgres.Sql;
  /** Whether the server has pgvector (knowledge search needs it). */
  pgvector: boolean;
  close: () => Promise<void>;
}

export interface PostgresOptions {
  /** Connections in the pool (postgres.js opens them as needed). */
  max?: number;
  /** Sees every statement (the bench counts them). */
  logger?: Logger;
}

/**
 * A real Postgres server for the Node shape (`DATABASE_URL`): the committed migrations applied once
 * under an advisory lock, then a pool of postgres.js connections with drizzle on top. Several
 * processes may open the same database. Statements are not kept prepared on the server: grouped
 * inbound messages (engine/inbound.ts) make a new text per group, which would pile up there, and
 * Neon's HTTP driver in production does not prepare either.
 */
export async function openPostgresDb(url: string, options: PostgresOptions = {}): Promise<PostgresDb> {
  const { pgvector } = await migratePostgres(url);
  const client = postgres(url, { max: options.max ?? 10, prepare: false, onnotice: () => {} });
  const db = drizzle(client, { schema, ...(options.logger ? { logger: options.logger } : {}) });
  return { db, client, pgvector, close: () => client.end({ timeout: 5 }) };
}
