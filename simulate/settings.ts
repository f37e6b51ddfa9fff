import { FULL_ACCOUNTS, FULL_MESSAGES_PER_DAY } from './traffic';

/**
 * What this machine answers in the simulation: two processes, four jobs each at a time, a model
 * taking about 2.5 s — about 150 customer messages a minute of run with room for the peaks.
 */
const MESSAGES_PER_RUN_MINUTE = 150;

export interface SimulateSettings {
  /** Share of the full 10,000 accounts (SIMULATE_SCALE, default 1/100). */
  scale: number;
  accounts: number;
  /** Customer messages of the simulated day (SIMULATE_MESSAGES, or what the run's length carries). */
  messages: number;
  /** Wall-clock minutes the simulated day takes (SIMULATE_MINUTES, default 8). */
  minutes: number;
  /** Simulated seconds per real second. */
  compression: number;
  /** `npm start` processes (SIMULATE_PROCESSES, default 2; one on PGlite). */
  processes: number;
  database: 'postgres' | 'embedded';
  seed: number;
}

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`${name} must be a positive number, not "${raw}"`);
  return value;
}

export function readSettings(): SimulateSettings {
  const scale = positive('SIMULATE_SCALE', 0.01);
  const minutes = positive('SIMULATE_MINUTES', 8);
  const database = process.env.SIMULATE_DATABASE === 'embedded' ? 'embedded' : 'postgres';
  const accounts = Math.max(2, Math.round(FULL_ACCOUNTS * scale));
  const messages = Math.round(
    positive(
      'SIMULATE_MESSAGES',
      Math.min(
        FULL_MESSAGES_PER_DAY * scale,
        minutes * MESSAGES_PER_RUN_MINUTE * (database === 'embedded' ? 0.5 : 1),
      ),
    ),
  );
  return {
    scale,
    accounts,
    messages,
    minutes,
    compression: 86_400 / (minutes * 60),
    processes: database === 'embedded' ? 1 : Math.round(positive('SIMULATE_PROCESSES', 2)),
    database,
    seed: Math.round(positive('SIMULATE_SEED', 26)),
  };
}
