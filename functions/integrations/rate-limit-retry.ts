/** A wait longer than this is not waited out inside a request or a job: the call fails. */
export const MAX_RATE_LIMIT_WAIT_SECONDS = 30;

export const realSleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

export interface RateLimitRetry {
  /** How many times a 429 is waited out and the call repeated (0: the 429 is the answer). */
  retries: number;
  /** The seconds to wait when `error` is the system's 429; null for any other error. */
  waitOf: (error: unknown) => number | null;
  sleep: (ms: number) => Promise<void>;
}

/**
 * Runs `call`, waiting out a rate limit (429) and repeating it up to `retries` times when the wait
 * is short enough. A 429 means the system took nothing, so a repeat never does anything twice.
 */
export async function withRateLimitRetries<T>(call: () => Promise<T>, retry: RateLimitRetry): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const wait = retry.waitOf(error);
      if (wait === null || wait > MAX_RATE_LIMIT_WAIT_SECONDS || attempt >= retry.retries) throw error;
      await retry.sleep(wait * 1000);
    }
  }
}
