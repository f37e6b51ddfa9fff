import { fileURLToPath } from 'node:url';

/** The committed drizzle-kit migrations, applied by the same drizzle migrator in every shape. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
