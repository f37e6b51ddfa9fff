import { between, type Random, weighted } from './random';

/** The full scale: 10,000 businesses, 1,000,000 customer messages a day. */
export const FULL_ACCOUNTS = 10_000;
export const FULL_MESSAGES_PER_DAY = 1_000_000;
export const MINUTES_PER_DAY = 1_440;

/**
 * Relative traffic of each hour of the businesses' local day: quiet at night, a climb from 7, a
 * late-morning peak at 11, a lunch dip, and the evening peak at 19–20 when people write from home.
 */
export const HOURLY_WEIGHTS = [
  0.5, 0.3, 0.2, 0.2, 0.2, 0.4, 1.0, 2.2, 3.8, 5.2, 6.2, 6.6, 5.8, 5.4, 5.2, 5.0, 5.2, 5.8, 6.6, 7.0, 6.6,
  5.2, 3.4, 1.6,
];

/**
 * The channel mix: Telegram 45 % and the website widget 35 % of all messages; the other 20 % (WhatsApp
 * through Wazzup, CRMs) are shared between the two in the same proportion, because the Wazzup fake
 * holds one account's key and webhook and the simulation needs one per account.
 */
export const CHANNEL_MIX = { telegram: 45 / 80, onchat: 35 / 80 } as const;
export type Channel = keyof typeof CHANNEL_MIX;

/** Share of conversations in which the business's operator writes (and the bot stops there). */
export const OPERATOR_SHARE = 0.03;
/** Viral minutes of the day: each brings one account this share of the day's messages at once. */
export const BURSTS = 4;
export const BURST_SHARE = 0.015;

/** Each minute's share of the day (they sum to 1): the hourly curve, linear between hour midpoints. */
export function minuteWeights(hourly: readonly number[] = HOURLY_WEIGHTS): number[] {
  const weights = Array.from({ length: MINUTES_PER_DAY }, (_, minute) => {
    const position = minute / 60 - 0.5;
    const lower = Math.floor(position);
    const fraction = position - lower;
    const at = (hour: number) => hourly[((hour % 24) + 24) % 24] as number;
    return at(lower) * (1 - fraction) + at(lower + 1) * fraction;
  });
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight) => weight / total);
}

/**
 * Whole messages for each minute, following `weights`, that add up to exactly `total`: each minute
 * gets the rounded running total at its end less the one before it, so a quiet night minute with a
 * tenth of a message's share still gets one every ten minutes.
 */
export function messagesPerMinute(total: number, weights: readonly number[] = minuteWeights()): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  let running = 0;
  let before = 0;
  return weights.map((weight) => {
    running += weight;
    const upTo = Math.round((running / sum) * total);
    const count = upTo - before;
    before = upTo;
    return count;
  });
}

/** The busiest minute's share of the day, for a projected peak per second. */
export const peakMinuteShare = (weights: readonly number[] = minuteWeights()) => Math.max(...weights);

/** One customer's conversation with one account's bot in the simulated day. */
export interface Conversation {
  account: number;
  channel: Channel;
  /** When the customer's first message comes, in seconds of the simulated day. */
  startSecond: number;
  /** How many messages the customer writes in a row, batch by batch. */
  batches: number[];
  /** The account's operator writes after the first batch: later batches are the operator's. */
  operator: boolean;
  burst: boolean;
}

export interface DayShape {
  accounts: number;
  messages: number;
  seed?: number;
}

/**
 * The day's conversations. Regular ones follow the diurnal curve (a conversation starts where the
 * running count of messages reaches its minute's quota), busier accounts get more (Zipf-like); the
 * viral minutes bring one account's widget many short conversations at once. Batches hold 1–4
 * messages; the messages of all conversations add up to exactly `messages`.
 */
export function planDay(shape: DayShape, random: Random): Conversation[] {
  const burstMessages = shape.messages >= 200 ? Math.round(shape.messages * BURST_SHARE) : 0;
  const regular = shape.messages - burstMessages * BURSTS;
  const accountWeights = Array.from({ length: shape.accounts }, (_, i) => 1 / (i + 1) ** 0.7);
  const accountIds = accountWeights.map((_, i) => i);
  const quotas = messagesPerMinute(regular);
  const conversations: Conversation[] = [];
  let placed = 0;
  let minute = 0;
  let quotaEnd = quotas[0] ?? 0;
  while (placed < regular) {
    while (placed >= quotaEnd && minute < MINUTES_PER_DAY - 1) quotaEnd += quotas[++minute] ?? 0;
    const operator = random() < OPERATOR_SHARE;
    const batchCount = operator ? 2 : weighted(random, [1, 2, 3], [0.55, 0.3, 0.15]);
    const batches: number[] = [];
    for (let b = 0; b < batchCount && placed < regular; b++) {
      const size = Math.min(regular - placed, weighted(random, [1, 2, 3, 4], [0.45, 0.3, 0.15, 0.1]));
      batches.push(size);
      placed += size;
    }
    conversations.push({
      account: weighted(random, accountIds, accountWeights),
      channel: random() < CHANNEL_MIX.telegram ? 'telegram' : 'onchat',
      startSecond: minute * 60 + random() * 60,
      batches,
      operator: operator && batches.length > 1,
      burst: false,
    });
  }
  for (let burst = 0; burst < BURSTS && burstMessages > 0; burst++) {
    const account = between(random, 0, shape.accounts - 1);
    const startMinute = between(random, 9 * 60, 21 * 60);
    for (let left = burstMessages; left > 0; ) {
      const size = Math.min(left, between(random, 1, 2));
      conversations.push({
        account,
        channel: 'onchat',
        startSecond: startMinute * 60 + random() * 60,
        batches: [size],
        operator: false,
        burst: true,
      });
      left -= size;
    }
  }
  return conversations.sort((a, b) => a.startSecond - b.startSecond);
}

export const messagesOf = (conversations: readonly Conversation[]) =>
  conversations.reduce((sum, c) => sum + c.batches.reduce((a, b) => a + b, 0), 0);
