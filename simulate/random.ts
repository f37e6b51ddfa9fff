/** A seeded generator of numbers in [0, 1) (mulberry32): the same seed replays the same day. */
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A whole number in [min, max]. */
export const between = (random: Random, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));

/** One of `values`, chosen with the given weights. */
export function weighted<T>(random: Random, values: readonly T[], weights: readonly number[]): T {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let left = random() * total;
  for (const [index, weight] of weights.entries()) {
    left -= weight;
    if (left < 0) return values[index] as T;
  }
  return values[values.length - 1] as T;
}

/**
 * A log-normal sample with the given median and shape (sigma of the underlying normal), clipped to
 * [min, max]: service times are skewed, a long tail of slow answers above a typical one.
 */
export function logNormalClipped(
  random: Random,
  { median, sigma, min, max }: { median: number; sigma: number; min: number; max: number },
): number {
  // Box–Muller; 1 - random() keeps the logarithm's argument above zero.
  const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return Math.min(max, Math.max(min, median * Math.exp(sigma * normal)));
}
