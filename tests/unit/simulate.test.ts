import { describe, expect, it } from 'vitest';
import { percentile } from '../../bench/stats';
import {
  type ChatRow,
  type CustomerRow,
  type HistoryRow,
  outcomesOf,
  type ReplyRow,
} from '../../simulate/outcomes';
import { cronRunsPerDay, DEFAULT_ASSUMPTIONS, project } from '../../simulate/projection';
import { logNormalClipped, seededRandom } from '../../simulate/random';
import {
  HOURLY_WEIGHTS,
  MINUTES_PER_DAY,
  messagesOf,
  messagesPerMinute,
  minuteWeights,
  planDay,
} from '../../simulate/traffic';

/** ISSUE 26 §3: the pure parts of `npm run simulate` (simulate/). */
describe('the simulated day (simulate/traffic.ts)', () => {
  it('spreads the day over 1,440 minutes that sum to the whole day', () => {
    const weights = minuteWeights();
    expect(weights).toHaveLength(MINUTES_PER_DAY);
    expect(weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    // Quiet at night, peaks late in the morning and in the evening.
    const hourOf = (hour: number) => weights.slice(hour * 60, hour * 60 + 60).reduce((a, b) => a + b, 0);
    expect(hourOf(3)).toBeLessThan(hourOf(11) / 10);
    expect(hourOf(11)).toBeGreaterThan(hourOf(14));
    expect(hourOf(19)).toBeGreaterThan(hourOf(14));
  });

  it.each([0, 1, 7, 1_200, 1_000_000])('gives %i messages to the minutes, exactly', (total) => {
    const perMinute = messagesPerMinute(total);
    expect(perMinute.reduce((a, b) => a + b, 0)).toBe(total);
    expect(perMinute.every((count) => Number.isInteger(count) && count >= 0)).toBe(true);
  });

  it('follows the curve: each hour within a message of its share', () => {
    const total = 100_000;
    const perMinute = messagesPerMinute(total);
    const sum = HOURLY_WEIGHTS.reduce((a, b) => a + b, 0);
    const hour19 = perMinute.slice(19 * 60, 20 * 60).reduce((a, b) => a + b, 0);
    // Linear between hour midpoints: the hour's own weight dominates, its neighbours blend in.
    expect(hour19 / total).toBeGreaterThan((6.6 / sum) * 0.95);
    expect(hour19 / total).toBeLessThan((7.0 / sum) * 1.02);
  });

  it('keeps the quiet night: minutes of a tenth of a message still add up to their hours', () => {
    const total = 1_200;
    const perMinute = messagesPerMinute(total);
    const weights = minuteWeights();
    for (let hour = 0; hour < 24; hour++) {
      const got = perMinute.slice(hour * 60, hour * 60 + 60).reduce((a, b) => a + b, 0);
      const share = weights.slice(hour * 60, hour * 60 + 60).reduce((a, b) => a + b, 0) * total;
      expect(Math.abs(got - share), `hour ${hour}`).toBeLessThanOrEqual(1);
    }
  });

  it('plans conversations whose messages add up to the day, with bursts, operators and both channels', () => {
    const conversations = planDay({ accounts: 100, messages: 1_200 }, seededRandom(1));
    expect(messagesOf(conversations)).toBe(1_200);
    expect(conversations.every((c) => c.batches.every((size) => size >= 1 && size <= 4))).toBe(true);
    expect(conversations.some((c) => c.burst)).toBe(true);
    expect(conversations.some((c) => c.operator && c.batches.length === 2)).toBe(true);
    const telegram = conversations.filter((c) => c.channel === 'telegram').length;
    expect(telegram / conversations.length).toBeGreaterThan(0.4);
    expect(telegram / conversations.length).toBeLessThan(0.7);
    const starts = conversations.map((c) => c.startSecond);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(Math.max(...starts)).toBeLessThan(86_400);
    // The same seed replays the same day.
    expect(planDay({ accounts: 100, messages: 1_200 }, seededRandom(1))).toEqual(conversations);
  });

  it('draws model latencies between the clip limits, with the median near the one asked', () => {
    const random = seededRandom(7);
    const samples = Array.from({ length: 5_000 }, () =>
      logNormalClipped(random, { median: 2_500, sigma: 0.5, min: 1_000, max: 8_000 }),
    );
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(1_000);
    expect(Math.max(...samples)).toBeLessThanOrEqual(8_000);
    expect(percentile(samples, 50)).toBeGreaterThan(2_300);
    expect(percentile(samples, 50)).toBeLessThan(2_700);
  });
});

describe('percentiles (bench/stats.ts)', () => {
  it('answers the nearest rank', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(samples, 50)).toBe(51);
    expect(percentile(samples, 95)).toBe(96);
    expect(percentile(samples, 99)).toBe(100);
    expect(percentile([], 99)).toBe(0);
    expect(percentile([5], 99)).toBe(5);
  });
});

describe('the projection to full scale (simulate/projection.ts)', () => {
  it('counts a day of cron runs', () => {
    expect(cronRunsPerDay('* * * * *')).toBe(1_440);
    expect(cronRunsPerDay('*/15 * * * *')).toBe(96);
    expect(cronRunsPerDay('17 * * * *')).toBe(24);
    expect(cronRunsPerDay('17 3 * * *')).toBe(1);
    expect(cronRunsPerDay('0,30 9 * * *')).toBe(2);
    expect(() => cronRunsPerDay('0 9 * * 1')).toThrow();
  });

  it('multiplies each per-message figure by 1,000,000 messages and adds the fixed ones', () => {
    const projection = project(
      {
        messages: 1_000,
        statements: 20_000,
        jobRunnerStatements: 5_000,
        kvStatements: 4_000,
        roomBusStatements: 1_000,
        postgresCpuSeconds: 36,
        jobsQueued: 1_500,
        jobRuns: 1_600,
        widgetVisitors: 100,
        realtimeEvents: 5_000,
      },
      { ...DEFAULT_ASSUMPTIONS, peakMinuteShare: 0.0012, scheduleRunsPerDay: 1_440 + 96 },
    );
    expect(projection.factor).toBe(1_000);
    // 20,000 − 5,000 (jobs table: QStash) − 4,000 (kv: Redis) − 1,000 (pg_notify: PartyKit) = 10
    // statements a message.
    expect(projection.statementsPerMessage).toBe(10);
    expect(projection.statementsPerDay).toBe(10_000_000);
    expect(projection.statementsPeakPerSecond).toBeCloseTo((10_000_000 * 0.0012) / 60, 9);
    expect(projection.statementsTenfoldPeakPerSecond).toBeCloseTo((10_000_000 / 86_400) * 10, 9);
    expect(projection.redisCommandsPerDay).toBe(4_000_000);
    expect(projection.qstashMessagesPerDay).toBe(1_500_000 + 1_536);
    expect(projection.qstashDeliveriesPerDay).toBe(1_600_000 + 1_536);
    // 100,000 visitors and two inbox sessions for each of 10,000 businesses.
    expect(projection.partykitConnectionsPerDay).toBe(120_000);
    expect(projection.partykitPublishesPerDay).toBe(5_000_000);
    // 36 CPU s / 20,000 statements × 10,000,000 = 18,000 CPU s a day: 5 CPU hours, doubled for
    // headroom, but never under 0.25 CU in a quiet hour.
    const hours = projection.neonComputeUnitHoursPerDay ?? 0;
    expect(hours).toBeGreaterThanOrEqual(10);
    expect(hours).toBeLessThan(10 + 24 * 0.25);
    // ×10 the average: 1,157 statements/s × 1.8 ms of CPU each, at half load.
    expect(projection.neonComputeUnitsAtTenfoldPeak).toBeCloseTo(
      ((10_000_000 / 86_400) * 10 * 0.0018) / 0.5,
      9,
    );
  });

  it('leaves out what was not measured', () => {
    const projection = project(
      {
        messages: 10,
        statements: null,
        jobRunnerStatements: 0,
        kvStatements: 0,
        roomBusStatements: 0,
        postgresCpuSeconds: null,
        jobsQueued: 10,
        jobRuns: 10,
        widgetVisitors: 0,
        realtimeEvents: 0,
      },
      { ...DEFAULT_ASSUMPTIONS, peakMinuteShare: 0.001, scheduleRunsPerDay: 0 },
    );
    expect(projection.statementsPerDay).toBeNull();
    expect(projection.neonComputeUnitHoursPerDay).toBeNull();
    expect(projection.qstashMessagesPerDay).toBe(1_000_000);
  });
});

describe('exactly once, from the database rows (simulate/outcomes.ts)', () => {
  const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, second));
  const customer = (id: string, chat: string, second: number, answered = true): CustomerRow => ({
    id,
    chat_id: chat,
    text: `text ${id}`,
    created_at: at(second),
    answered_at: answered ? at(second + 1) : null,
  });
  const chats: ChatRow[] = [
    { id: 'c1', scheme: 'instant', operator_messages: 0 },
    { id: 'c2', scheme: 'accumulation', operator_messages: 1 },
  ];

  it('counts answers, operators and refusals, and measures from the last message of a batch', () => {
    const customers = [
      customer('a', 'c1', 0),
      customer('b', 'c1', 2),
      customer('c', 'c2', 0),
      customer('d', 'c2', 5),
    ];
    const history: HistoryRow[] = [
      { id: 'h1', status: 'success', event: 'answer', message: 'text a\n\ntext b' },
      { id: 'h2', status: 'error', event: 'refused_stopped', message: 'text d' },
    ];
    const replies: ReplyRow[] = [{ history_id: 'h1', delivered_at: at(6) }];
    const outcomes = outcomesOf(customers, history, replies, chats);
    expect(outcomes).toMatchObject({
      customerMessages: 4,
      batches: 2,
      answeredMessages: 2,
      refusedMessages: 1,
      operatorMessages: 1,
      notAnsweredEvents: { refused_stopped: 1 },
      lost: [],
      duplicates: [],
    });
    expect(outcomes.latencyMs).toEqual({ instant: [4_000] });
  });

  it('finds lost messages and duplicates', () => {
    const customers = [
      customer('a', 'c1', 0),
      customer('b', 'c1', 1, false),
      customer('e', 'c1', 3),
      customer('f', 'c1', 4),
    ];
    const history: HistoryRow[] = [
      { id: 'h1', status: 'success', event: 'answer', message: 'text a' },
      { id: 'h2', status: 'success', event: 'answer', message: 'text a' },
      { id: 'h3', status: 'success', event: 'answer', message: 'text f' },
    ];
    const replies: ReplyRow[] = [
      { history_id: 'h1', delivered_at: at(5) },
      { history_id: 'h2', delivered_at: at(5) },
      { history_id: 'h2', delivered_at: at(6) },
      { history_id: 'h3', delivered_at: null },
    ];
    const outcomes = outcomesOf(customers, history, replies, chats);
    expect(outcomes.duplicates).toEqual(['history h2: 2 replies', 'message a: in 2 batches']);
    expect(outcomes.lost).toEqual([
      'history h3: reply not delivered',
      'message b: never answered',
      'message e: marked answered without a batch or an operator',
    ]);
  });
});
