import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../ports/db';
import { AppError } from '../../shared/app-error';

const known = new WeakMap<Db, Promise<boolean>>();

/**
 * Whether the database has pgvector, asked once per database handle. PGlite and Neon have it; a
 * Postgres server for the Node shape may not (Debian packages none): the product works there
 * without document knowledge.
 */
export function hasPgvector(db: Db): Promise<boolean> {
  let answer = known.get(db);
  if (!answer) {
    answer = db
      .execute(sql`select exists (select 1 from pg_extension where extname = 'vector') as ok`)
      .then((result) => rowsOf<{ ok: boolean }>(result)[0]?.ok === true);
    // A failed look-up is asked again next time rather than remembered.
    answer.catch(() => known.delete(db));
    known.set(db, answer);
  }
  return answer;
}

/** Refuses knowledge work on a database without pgvector, saying so plainly (409). */
export async function requirePgvector(db: Db): Promise<void> {
  if (!(await hasPgvector(db))) throw new AppError('knowledge_unavailable');
}
