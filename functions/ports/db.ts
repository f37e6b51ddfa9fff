import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from '../../db/schema';

/** Drizzle over Postgres: PGlite in the embedded shape and tests, Neon in production. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * The rows of `db.execute(...)`: PGlite and Neon answer `{ rows }`, postgres.js (a Postgres server
 * for the Node shape) the rows themselves.
 */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows?: T[] }).rows ?? [];
}
