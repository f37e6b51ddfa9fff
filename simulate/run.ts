// `npm run simulate`: a compressed day of customer traffic against `npm start` processes on a
// throwaway Postgres (SIMULATE_DATABASE=embedded: one process on PGlite), measured from the database
// and projected to 10,000 businesses and 1,000,000 messages a day. Writes simulate/.tmp/last.json.
import { percentile } from '../bench/stats';
import { schedules } from '../schedules';
import { waitUntilAllAnswered } from '../tests/support/process-traffic';
import { playDay } from './driver';
import { READER_ROLE, startEnvironment } from './environment';
import { resetStatementStats } from './instrument';
import { callsOf, dayRows, jobFigures, statementCounts, transactionsSoFar } from './measure';
import { MODEL_FAILURE_RATE, MODEL_LATENCY } from './model';
import { outcomesOf } from './outcomes';
import { postgresCpuSeconds } from './postgres-cpu';
import { cronRunsPerDay, DEFAULT_ASSUMPTIONS, project } from './projection';
import { seededRandom } from './random';
import { printReport, type Report, spread, writeReport } from './report';
import { readSettings } from './settings';
import { makeTenants } from './tenants';
import { FULL_ACCOUNTS, FULL_MESSAGES_PER_DAY, messagesOf, peakMinuteShare, planDay } from './traffic';

const settings = readSettings();
const random = seededRandom(settings.seed);
const conversations = planDay({ accounts: settings.accounts, messages: settings.messages }, random);
const realSecondsPerHour = 3600 / settings.compression;
const shape = {
  database:
    settings.database === 'postgres'
      ? `throwaway Postgres 15, ${settings.processes} npm start processes behind a round-robin proxy`
      : 'embedded: one npm start process on PGlite',
  accounts: `${settings.accounts} (1/${Math.round(FULL_ACCOUNTS / settings.accounts)} of ${FULL_ACCOUNTS.toLocaleString('en')})`,
  'customer messages': `${messagesOf(conversations).toLocaleString('en')} (1/${Math.round(FULL_MESSAGES_PER_DAY / settings.messages)} of ${FULL_MESSAGES_PER_DAY.toLocaleString('en')})`,
  conversations: conversations.length,
  compression: `1 simulated hour = ${realSecondsPerHour.toFixed(1)} s (the day in ${settings.minutes} min)`,
  model: `log-normal latency, median ${MODEL_LATENCY.median / 1000} s, clipped to ${MODEL_LATENCY.min / 1000}–${MODEL_LATENCY.max / 1000} s; ${MODEL_FAILURE_RATE * 100} % answered 500`,
  seed: settings.seed,
};
console.log('Simulating a day:');
for (const [key, value] of Object.entries(shape)) console.log(`  ${key}: ${value}`);

const started = performance.now();
const env = await startEnvironment(settings, random);
// Ctrl+C stops the servers and the throwaway Postgres too (they run in their own process groups).
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void env.close().finally(() => process.exit(130)));
try {
  console.log(
    `Started in ${Math.round((performance.now() - started) / 1000)} s; making ${settings.accounts} businesses…`,
  );
  const tenants = await makeTenants(env.front, env.telegram, settings.accounts, random);
  console.log(
    `Businesses ready after ${Math.round((performance.now() - started) / 1000)} s; the day begins.`,
  );

  const pg = env.postgres;
  if (pg?.statementStats) await env.withQuery(resetStatementStats);
  const cpuBefore = pg?.dataDirectory ? postgresCpuSeconds(pg.dataDirectory) : null;
  const transactionsBefore = pg ? await env.withQuery(transactionsSoFar) : null;
  const dayStart = new Date();
  const dayStartMs = performance.now();
  let sentSoFar = 0;
  const clock = setInterval(
    () => {
      const hour = Math.floor(((performance.now() - dayStartMs) / 1000 / realSecondsPerHour) % 24);
      console.log(`  ${String(hour).padStart(2, '0')}:00 simulated, ${sentSoFar} messages sent`);
    },
    realSecondsPerHour * 1000 * 3,
  );
  const driven = await playDay(
    env.front,
    env.telegram,
    tenants,
    conversations,
    settings.compression,
    random,
    (n) => {
      sentSoFar = n;
    },
  );
  clearInterval(clock);
  console.log(
    `The day's ${driven.sent} messages sent in ${Math.round(driven.sendingMs / 1000)} s; waiting for the last answers…`,
  );
  if (pg) await waitUntilAllAnswered(pg.readerUrl, driven.sent, 600_000);
  else await quietModel(env.llm.requests, 30_000);
  const windowSeconds = (performance.now() - dayStartMs) / 1000;

  const statements = pg?.statementStats ? await env.withQuery((q) => statementCounts(q, READER_ROLE)) : null;
  const readerCalls = pg?.statementStats ? await env.withQuery((q) => callsOf(q, READER_ROLE)) : 0;
  const transactions =
    pg && transactionsBefore !== null
      ? (await env.withQuery(transactionsSoFar)) - transactionsBefore - readerCalls
      : null;
  const cpuAfter = pg?.dataDirectory ? postgresCpuSeconds(pg.dataDirectory) : null;
  const cpu = cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null;
  if (!pg) await env.stopServers();
  const rows = await env.withQuery(dayRows);
  const jobs = await env.withQuery((q) => jobFigures(q, dayStart));
  const outcomes = outcomesOf(rows.customers, rows.history, rows.replies, rows.chats);
  // The external effect, once: Telegram took exactly the replies the database says were delivered.
  const telegramSends = env.telegram.accepted('sendMessage').length;
  if (telegramSends > rows.telegramDelivered)
    outcomes.duplicates.push(
      `Telegram took ${telegramSends} messages, ${rows.telegramDelivered} stored as delivered`,
    );
  if (telegramSends < rows.telegramDelivered)
    outcomes.lost.push(
      `Telegram took ${telegramSends} messages, ${rows.telegramDelivered} stored as delivered`,
    );

  const engineJobs = (byName: Record<string, number>) =>
    Object.entries(byName)
      .filter(([name]) => !name.startsWith('schedule:'))
      .reduce((sum, [, n]) => sum + n, 0);
  const scheduleRunsPerDay = schedules.reduce((sum, schedule) => sum + cronRunsPerDay(schedule.cron), 0);
  const assumptions = {
    ...DEFAULT_ASSUMPTIONS,
    peakMinuteShare: Number(peakMinuteShare().toPrecision(4)),
    scheduleRunsPerDay,
  };
  const projection = project(
    {
      messages: outcomes.customerMessages,
      statements: statements?.total ?? null,
      jobRunnerStatements: statements?.jobRunner ?? 0,
      kvStatements: statements?.kv ?? 0,
      roomBusStatements: statements?.roomBus ?? 0,
      postgresCpuSeconds: cpu,
      jobsQueued: engineJobs(jobs.queued),
      jobRuns: engineJobs(jobs.runs),
      widgetVisitors: driven.widgetVisitors,
      realtimeEvents: (outcomes.customerMessages + rows.otherMessages) * 2 + rows.widgetMessages,
    },
    assumptions,
  );
  const latencyMs = Object.fromEntries([
    ['all', spread(Object.values(outcomes.latencyMs).flat())],
    ...Object.entries(outcomes.latencyMs).map(([scheme, samples]) => [scheme, spread(samples)]),
  ]);
  const report: Report = {
    finishedAt: new Date().toISOString(),
    shape,
    traffic: {
      'messages sent': driven.sent,
      'stored in the database': outcomes.customerMessages,
      'deliveries not 2xx (by status)': driven.refusedDeliveries,
      'answer batches (history rows)': outcomes.batches,
      'messages answered': outcomes.answeredMessages,
      'not answered: operator stepped in': outcomes.operatorMessages,
      'not answered: refused by a gate': outcomes.refusedMessages,
      'not answered: model failed': outcomes.failedMessages,
      'refusals and failures by event': outcomes.notAnsweredEvents,
      'Telegram sendMessage calls': telegramSends,
      'operator interventions': driven.operatorInterventions,
      'widget visitors': driven.widgetVisitors,
      'model requests (incl. retried 500s)': env.llm.requests.filter((r) => r.path === '/v1/chat/completions')
        .length,
      'sending took (s)': Math.round(driven.sendingMs / 1000),
      'day window incl. last answers (s)': Math.round(windowSeconds),
    },
    latencyMs,
    exactlyOnce: {
      lost: outcomes.lost.length,
      duplicates: outcomes.duplicates.length,
      examples: [...outcomes.lost, ...outcomes.duplicates].slice(0, 10),
    },
    database: {
      'statements (round trips)': statements?.total ?? 'not counted (no pg_stat_statements)',
      'statements/s': statements ? Math.round(statements.total / windowSeconds) : null,
      '… of the local job runner (QStash in production)': statements?.jobRunner ?? null,
      '… on kv_entries (Redis in production)': statements?.kv ?? null,
      '… pg_notify between processes (PartyKit in production)': statements?.roomBus ?? null,
      transactions: transactions === null ? null : Math.round(transactions),
      'transactions/s': transactions === null ? null : Math.round(transactions / windowSeconds),
      'Postgres CPU seconds': cpu === null ? null : Number(cpu.toFixed(1)),
      'most frequent statements': statements?.top ?? [],
    },
    jobs: {
      lagMs: { ...spread(jobs.lagMs), max: Math.round(Math.max(0, ...jobs.lagMs)) },
      queued: jobs.queued,
    },
    projection,
    assumptions: {
      ...assumptions,
      neon: "compute units needed each hour = Postgres CPU seconds per statement measured here × that hour's statements ÷ 3600 ÷ cpuTarget, at least minComputeUnits (traffic every minute keeps the compute awake); this machine's core counted as one CU",
      qstash:
        'one message per job queued by the engine, plus every schedule run (cron); deliveries add the retries',
      partykit:
        'a connection per widget visitor (a conversation) and per owner inbox session; peak = visitors of the busiest minute × visitorMinutes + owners online in the busiest hour for half an hour each',
      p99: `nearest rank (${percentile([1, 2, 3], 99)} of 1, 2, 3)`,
    },
  };
  printReport(report);
  console.log(`\nWritten to ${await writeReport(report)}`);
  process.exitCode = outcomes.lost.length + outcomes.duplicates.length > 0 ? 1 : 0;
} finally {
  await env.close();
}

/** The embedded shape's database is the server's own until it stops: waits until the model is quiet. */
async function quietModel(requests: readonly unknown[], quietMs: number) {
  let seen = -1;
  let since = performance.now();
  while (performance.now() - since < quietMs) {
    if (requests.length !== seen) {
      seen = requests.length;
      since = performance.now();
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
