import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { percentile } from '../bench/stats';
import type { Projection } from './projection';

/** Everything the run found, as written to simulate/.tmp/last.json for docs/SCALE.md. */
export interface Report {
  finishedAt: string;
  shape: Record<string, string | number>;
  traffic: Record<string, number | string | Record<string, number>>;
  latencyMs: Record<string, { count: number; p50: number; p95: number; p99: number }>;
  exactlyOnce: { lost: number; duplicates: number; examples: string[] };
  database: Record<string, number | string | null | { calls: number; query: string }[]>;
  jobs: { lagMs: { count: number; p50: number; p99: number; max: number }; queued: Record<string, number> };
  projection: Projection;
  assumptions: Record<string, number | string>;
}

export const spread = (samples: number[]) => ({
  count: samples.length,
  p50: Math.round(percentile(samples, 50)),
  p95: Math.round(percentile(samples, 95)),
  p99: Math.round(percentile(samples, 99)),
});

const whole = (value: number | null) =>
  value === null ? 'not measured' : Math.round(value).toLocaleString('en');
/** A figure with `digits` decimals, or why there is none. */
const fixed = (value: number | null, digits: number) =>
  value === null ? 'not measured' : value.toFixed(digits);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export function printReport(report: Report): void {
  const line = (label: string, value: string) => console.log(`  ${label.padEnd(38)} ${value}`);
  console.log('\nA day of traffic, simulated');
  for (const [key, value] of Object.entries(report.shape)) line(key, String(value));
  console.log('\nTraffic');
  for (const [key, value] of Object.entries(report.traffic))
    line(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  console.log("\nAnswer latency (customer's last message of a batch → reply delivered, from the database)");
  for (const [scheme, figures] of Object.entries(report.latencyMs))
    line(
      `${scheme} (${figures.count} answers)`,
      `p50 ${seconds(figures.p50)}  p95 ${seconds(figures.p95)}  p99 ${seconds(figures.p99)}`,
    );
  console.log('\nExactly once (from the database)');
  line('lost', String(report.exactlyOnce.lost));
  line('duplicates', String(report.exactlyOnce.duplicates));
  for (const example of report.exactlyOnce.examples) console.log(`    ${example}`);
  console.log("\nDatabase (the day's window)");
  for (const [key, value] of Object.entries(report.database)) {
    if (Array.isArray(value)) {
      console.log(`  ${key}:`);
      for (const top of value) console.log(`    ${String(top.calls).padStart(8)}  ${top.query}`);
    } else line(key, typeof value === 'number' ? value.toLocaleString('en') : String(value));
  }
  console.log('\nJobs');
  const lag = report.jobs.lagMs;
  line('runs', String(lag.count));
  line('lag (start − due)', `p50 ${seconds(lag.p50)}  p99 ${seconds(lag.p99)}  max ${seconds(lag.max)}`);
  line('queued by name', JSON.stringify(report.jobs.queued));
  const p = report.projection;
  console.log('\nProjected at full scale (10,000 businesses, 1,000,000 customer messages a day)');
  line('scale-up factor', `×${Math.round(p.factor).toLocaleString('en')}`);
  line('Neon: statements per message', fixed(p.statementsPerMessage, 1));
  line('Neon: statements a day', whole(p.statementsPerDay));
  line("Neon: statements/s at the curve's peak", whole(p.statementsPeakPerSecond));
  line('Neon: statements/s at ×10 the average', whole(p.statementsTenfoldPeakPerSecond));
  line('Neon: compute units at ×10 the average', fixed(p.neonComputeUnitsAtTenfoldPeak, 2));
  line('Neon: compute-unit hours a day', fixed(p.neonComputeUnitHoursPerDay, 1));
  line('Redis: commands a day (kv)', whole(p.redisCommandsPerDay));
  line('QStash: messages a day', whole(p.qstashMessagesPerDay));
  line('QStash: deliveries a day (retries too)', whole(p.qstashDeliveriesPerDay));
  line('PartyKit: connections a day', whole(p.partykitConnectionsPerDay));
  line('PartyKit: peak connections at once', whole(p.partykitPeakConnections));
  line('PartyKit: publishes a day', whole(p.partykitPublishesPerDay));
  console.log('\nAssumptions');
  for (const [key, value] of Object.entries(report.assumptions)) line(key, String(value));
}

/** Writes the report to simulate/.tmp/last.json; answers its path. */
export async function writeReport(report: Report): Promise<string> {
  const folder = join(new URL('..', import.meta.url).pathname, 'simulate/.tmp');
  await mkdir(folder, { recursive: true });
  const path = join(folder, 'last.json');
  await writeFile(path, `${JSON.stringify(report, null, 2)}\n`);
  return path;
}
