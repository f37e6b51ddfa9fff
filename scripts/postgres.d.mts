/** Types of scripts/postgres.mjs for the TypeScript tests that start a throwaway server. */
export interface ThrowawayPostgres {
  url: string;
  port: number;
  stop(): void;
}
export function ensurePostgres(): void;
export function startThrowawayPostgres(): Promise<ThrowawayPostgres>;
export function withThrowawayPostgres(
  command: string,
  args: string[],
  env?: Record<string, string>,
): Promise<number>;
