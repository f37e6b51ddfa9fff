import type { Logger } from 'drizzle-orm';
import type { Db } from '../../functions/ports/db';

/**
 * What a piece of work costs the database, as the production driver pays it: each statement is a
 * round trip, and each transaction adds two more (BEGIN and COMMIT). Drizzle's logger sees the
 * statements; the transactions are counted where the code opens them (`db.transaction`; nested
 * ones are savepoints inside the same round trips and are not counted).
 */
export interface SqlProfile {
  statements: string[];
  transactions: number;
}

export const roundTrips = (profile: SqlProfile) => profile.statements.length + 2 * profile.transactions;

/** Statements that write rows (insert, update, delete, and CTEs that do). */
export const writes = (profile: SqlProfile) =>
  profile.statements.filter((statement) =>
    /\b(insert into|update\s+"?\w+"?\s+set|delete from)/i.test(statement),
  ).length;

/** A statement's kind and table, e.g. `select messages`, for a profile's most frequent list. */
export function statementHead(statement: string): string {
  const text = statement.replace(/\s+/g, ' ').trim();
  const verb = /^(\w+)/.exec(text)?.[1]?.toLowerCase() ?? '?';
  // A call of one of the engine's functions (migration 0016) is named by the function.
  const called = /\b(engine_\w+)\(/i.exec(text)?.[1];
  if (called) return called;
  const table = /\b(?:from|into|update)\s+"?(\w+)"?/i.exec(text)?.[1] ?? '';
  return verb === 'with' ? `with … ${table}`.trim() : `${verb} ${table}`.trim();
}

/**
 * A recorder: pass `logger` to the app's database, `watch(db)` once it exists, then `measure` a
 * piece of work to get its profile.
 */
export function sqlRecorder() {
  let current: SqlProfile | null = null;
  const logger: Logger = {
    logQuery(query) {
      current?.statements.push(query);
    },
  };
  function watch(db: Db) {
    const open = db.transaction.bind(db);
    db.transaction = ((work, config) => {
      if (current) current.transactions += 1;
      return open(work, config);
    }) as Db['transaction'];
  }
  async function measure(work: () => Promise<unknown>): Promise<SqlProfile> {
    const profile: SqlProfile = { statements: [], transactions: 0 };
    current = profile;
    try {
      await work();
    } finally {
      current = null;
    }
    return profile;
  }
  return { logger, watch, measure };
}
