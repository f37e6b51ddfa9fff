import { env } from 'cloudflare:workers';
import type { Db } from '../../../functions/ports/db';
import { openNeonDb } from '../../../functions/ports/db-neon';

/** Runs `work` on the Worker's database through the Neon driver, as the Worker itself reaches it. */
export async function withDb<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const { db, pool } = openNeonDb({ connectionString: env.DATABASE_URL, wsProxy: env.NEON_WS_PROXY });
  pool.on('error', () => {});
  try {
    return await work(db);
  } finally {
    await pool.end();
  }
}
