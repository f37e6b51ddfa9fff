/** Time source. Domain code never calls `new Date()` for "now" so tests can move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
