import type { PGlite } from '@electric-sql/pglite';
import { statementHead } from '../tests/support/sql-profile';

/**
 * Times every statement PGlite runs, by its kind (sql-profile's statementHead), while `recording`:
 * the bench prints the slowest kinds. Wraps the client's `query`, which drizzle calls per statement.
 */
export function timeStatements(client: PGlite) {
  const times = new Map<string, number[]>();
  let recording = false;
  const query = client.query.bind(client);
  client.query = (async (text: string, ...rest: unknown[]) => {
    const started = performance.now();
    try {
      return await (query as (...args: unknown[]) => Promise<unknown>)(text, ...rest);
    } finally {
      if (recording) {
        const head = statementHead(text);
        const list = times.get(head) ?? [];
        list.push(performance.now() - started);
        times.set(head, list);
      }
    }
  }) as PGlite['query'];
  return {
    record(on: boolean) {
      recording = on;
    },
    /** The `count` kinds with the longest mean time: [kind, mean ms, statements]. */
    slowest(count: number): [string, number, number][] {
      return [...times.entries()]
        .map(([head, list]): [string, number, number] => [
          head,
          list.reduce((sum, one) => sum + one, 0) / list.length,
          list.length,
        ])
        .sort((a, b) => b[1] - a[1])
        .slice(0, count);
    },
  };
}
