/** Types of scripts/postgres.mjs for the TypeScript tests that start a throwaway server. */
export interface ThrowawayPostgres {
  url: string;
  port: number;
  /** The cluster's folder (its postmaster.pid names the server process). */
  dataDirectory: string;
  stop(): void;
}
export interface ThrowawayPostgresOptions {
  /** Libraries loaded at start (`shared_preload_libraries`), e.g. ['pg_stat_statements']; none by default. */
  sharedPreloadLibraries?: string[];
}
export function ensurePostgres(): void;
export function startThrowawayPostgres(options?: ThrowawayPostgresOptions): Promise<ThrowawayPostgres>;
export function withThrowawayPostgres(
  command: string,
  args: string[],
  env?: Record<string, string>,
): Promise<number>;
