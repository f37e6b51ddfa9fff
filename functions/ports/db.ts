import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from '../../db/schema';

/** Drizzle over Postgres: PGlite in the embedded shape and tests, Neon in production. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
