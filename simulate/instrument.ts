/** Runs one SQL text and answers its rows: postgres.js's `unsafe` or PGlite's `query`. */
export type Query = <Row = Record<string, unknown>>(text: string) => Promise<Row[]>;

/**
 * Measuring instruments added to the simulation's own database (not the product's schema): the
 * jobs table deletes a job when it is done, so triggers keep, for each job, when it was queued and
 * due and when each run of it started (a claim raises `attempts`).
 */
const INSTALL = [
  `create table if not exists simulate_job_inserts (
     job_id uuid, name text, run_at timestamptz, created_at timestamptz)`,
  `create table if not exists simulate_job_runs (
     job_id uuid, name text, run_at timestamptz, started_at timestamptz, attempt int)`,
  `create or replace function simulate_job_inserted() returns trigger language plpgsql as $$
   begin
     insert into simulate_job_inserts values (new.id, new.name, new.run_at, new.created_at);
     return new;
   end $$`,
  `create or replace function simulate_job_claimed() returns trigger language plpgsql as $$
   begin
     if new.attempts > old.attempts then
       insert into simulate_job_runs values (new.id, new.name, new.run_at, clock_timestamp(), new.attempts);
     end if;
     return new;
   end $$`,
  'drop trigger if exists simulate_job_inserted on jobs',
  'create trigger simulate_job_inserted after insert on jobs for each row execute function simulate_job_inserted()',
  'drop trigger if exists simulate_job_claimed on jobs',
  'create trigger simulate_job_claimed after update on jobs for each row execute function simulate_job_claimed()',
];

export async function installInstruments(query: Query): Promise<void> {
  for (const statement of INSTALL) await query(statement);
}

/** True when the server loaded pg_stat_statements (then its view is made in this database). */
export async function enableStatementStats(query: Query): Promise<boolean> {
  const [row] = await query<{ loaded: boolean }>(
    `select current_setting('shared_preload_libraries') like '%pg_stat_statements%' as loaded`,
  );
  if (!row?.loaded) return false;
  await query('create extension if not exists pg_stat_statements');
  return true;
}

/** Forgets the statements of setting up the accounts: the day's window starts now. */
export async function resetStatementStats(query: Query): Promise<void> {
  await query('select pg_stat_statements_reset()');
}
