/**
 * Production deploy step: applies db/migrations to Neon (`DATABASE_URL`) before `wrangler deploy`.
 * The embedded shape applies the same folder at boot.
 */
import { neonConfig, Pool } from '@neondatabase/serverless';
import { drizzle } from 'drizzle-orm/neon-serverless';
import { migrate } from 'drizzle-orm/neon-serverless/migrator';
import ws from 'ws';
import { migrationsFolder } from './migrations-folder';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set');
  process.exit(1);
}
neonConfig.webSocketConstructor = ws;
const pool = new Pool({ connectionString: url });
await migrate(drizzle(pool), { migrationsFolder });
await pool.end();
console.log('migrations applied');
