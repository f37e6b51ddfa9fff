import { FULL_ACCOUNTS, FULL_MESSAGES_PER_DAY, HOURLY_WEIGHTS } from './traffic';

/** What the simulated day measured, in its own (scaled) units. */
export interface Measured {
  /** Customer messages of the day. */
  messages: number;
  /** Top-level statements in the day's window (null when not counted), and those of the local job runner and kv. */
  statements: number | null;
  jobRunnerStatements: number;
  kvStatements: number;
  /** The rooms' `pg_notify` between processes: PartyKit's publishes in production, not Neon's. */
  roomBusStatements: number;
  /** CPU seconds of the Postgres server in the window (null when not measured). */
  postgresCpuSeconds: number | null;
  /** Jobs queued and job runs of the engine (schedules apart). */
  jobsQueued: number;
  jobRuns: number;
  widgetVisitors: number;
  /** Realtime events published (a message to a chat room and the account room; widget ones also to the visitor). */
  realtimeEvents: number;
}

/** What the projection takes as given (printed with it). */
export interface Assumptions {
  /** The busiest minute's share of the day's messages (the diurnal curve). */
  peakMinuteShare: number;
  /** Schedule runs a day (cron), each a QStash message. */
  scheduleRunsPerDay: number;
  /** Owners' inbox sessions per business per day, each a PartyKit connection. */
  ownerSessionsPerAccount: number;
  /** How long a widget visitor's page stays open, in minutes. */
  visitorMinutes: number;
  /** Neon autoscaling keeps CPU at this share of the compute units it gives (headroom). */
  cpuTarget: number;
  /** Neon's smallest compute size, in compute units (1 CU = 1 vCPU, 4 GB). */
  minComputeUnits: number;
}

export const DEFAULT_ASSUMPTIONS: Omit<Assumptions, 'peakMinuteShare' | 'scheduleRunsPerDay'> = {
  ownerSessionsPerAccount: 2,
  visitorMinutes: 10,
  cpuTarget: 0.5,
  minComputeUnits: 0.25,
};

export interface Projection {
  /** Full scale over the simulated day's messages. */
  factor: number;
  statementsPerMessage: number | null;
  statementsPerDay: number | null;
  statementsPeakPerSecond: number | null;
  /** The rule of thumb: ten times the day's average rate. */
  statementsTenfoldPeakPerSecond: number | null;
  redisCommandsPerDay: number;
  neonComputeUnitHoursPerDay: number | null;
  /** Compute units the ×10 peak needs (its statements × CPU per statement ÷ cpuTarget). */
  neonComputeUnitsAtTenfoldPeak: number | null;
  qstashMessagesPerDay: number;
  qstashDeliveriesPerDay: number;
  partykitConnectionsPerDay: number;
  partykitPeakConnections: number;
  partykitPublishesPerDay: number;
}

/**
 * The day at full scale (10,000 businesses, 1,000,000 customer messages): every per-message figure
 * of the simulation times 1,000,000. Statements of the local job runner (the jobs table) are left
 * out of Neon's load (QStash holds jobs in production), and so are the rooms' `pg_notify` between
 * processes (PartyKit in production); those on kv_entries become Redis commands (Upstash in
 * production).
 */
export function project(measured: Measured, assumptions: Assumptions): Projection {
  const factor = FULL_MESSAGES_PER_DAY / measured.messages;
  const perMessage = (count: number) => count / measured.messages;
  const productStatements =
    measured.statements === null
      ? null
      : measured.statements -
        measured.jobRunnerStatements -
        measured.kvStatements -
        measured.roomBusStatements;
  const statementsPerDay = productStatements === null ? null : productStatements * factor;
  const hourly = HOURLY_WEIGHTS.map((weight) => weight / HOURLY_WEIGHTS.reduce((a, b) => a + b, 0));
  const cpuPerStatement =
    measured.postgresCpuSeconds === null || !measured.statements
      ? null
      : measured.postgresCpuSeconds / measured.statements;
  const cpuPerDay =
    cpuPerStatement === null || statementsPerDay === null ? null : cpuPerStatement * statementsPerDay;
  const tenfold = statementsPerDay === null ? null : (statementsPerDay / 86_400) * 10;
  const computeUnitHours =
    cpuPerDay === null
      ? null
      : hourly.reduce(
          (sum, share) =>
            sum + Math.max(assumptions.minComputeUnits, (cpuPerDay * share) / 3600 / assumptions.cpuTarget),
          0,
        );
  const visitors = perMessage(measured.widgetVisitors) * FULL_MESSAGES_PER_DAY;
  const ownerSessions = FULL_ACCOUNTS * assumptions.ownerSessionsPerAccount;
  return {
    factor,
    statementsPerMessage: productStatements === null ? null : perMessage(productStatements),
    statementsPerDay,
    statementsPeakPerSecond:
      statementsPerDay === null ? null : (statementsPerDay * assumptions.peakMinuteShare) / 60,
    statementsTenfoldPeakPerSecond: tenfold,
    redisCommandsPerDay: measured.kvStatements * factor,
    neonComputeUnitHoursPerDay: computeUnitHours,
    neonComputeUnitsAtTenfoldPeak:
      cpuPerStatement === null || tenfold === null
        ? null
        : (tenfold * cpuPerStatement) / assumptions.cpuTarget,
    qstashMessagesPerDay: measured.jobsQueued * factor + assumptions.scheduleRunsPerDay,
    qstashDeliveriesPerDay: measured.jobRuns * factor + assumptions.scheduleRunsPerDay,
    partykitConnectionsPerDay: visitors + ownerSessions,
    partykitPeakConnections:
      visitors * assumptions.peakMinuteShare * assumptions.visitorMinutes +
      ownerSessions * Math.max(...hourly) * 0.5,
    partykitPublishesPerDay: measured.realtimeEvents * factor,
  };
}

/** Runs a day of a cron expression whose day fields are `*` (minute and hour: `*`, `*\/n`, lists, numbers). */
export function cronRunsPerDay(cron: string): number {
  const [minute = '*', hour = '*', ...days] = cron.trim().split(/\s+/);
  if (days.some((field) => field !== '*')) throw new Error(`cron "${cron}": only daily patterns are counted`);
  const count = (field: string, size: number) =>
    field.split(',').reduce((sum, part) => {
      if (part === '*') return sum + size;
      const step = /^\*\/(\d+)$/.exec(part);
      return sum + (step ? Math.ceil(size / Number(step[1])) : 1);
    }, 0);
  return count(minute, 60) * count(hour, 24);
}
