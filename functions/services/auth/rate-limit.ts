import type { Kv } from '../../ports/kv';
import { AppError } from '../../shared/app-error';

export interface Limit {
  /** What is counted, e.g. "login:email". */
  scope: string;
  max: number;
  windowSeconds: number;
}

export const LIMITS = {
  /** Every sign-in attempt from one address, whatever the e-mail. */
  loginPerIp: { scope: 'login:ip', max: 50, windowSeconds: 15 * 60 },
  /**
   * Wrong passwords for one e-mail from one address: guessing from there stops, while the owner,
   * elsewhere, still signs in.
   */
  loginFailuresPerEmailIp: { scope: 'login-fail:email-ip', max: 10, windowSeconds: 15 * 60 },
  /** Wrong passwords for one e-mail from anywhere: the cap on guessing from many addresses. */
  loginFailuresPerEmail: { scope: 'login-fail:email', max: 50, windowSeconds: 15 * 60 },
  codeSendPerEmail: { scope: 'code-send:email', max: 5, windowSeconds: 60 * 60 },
  codeSendPerIp: { scope: 'code-send:ip', max: 30, windowSeconds: 60 * 60 },
  codeCheckPerIp: { scope: 'code-check:ip', max: 50, windowSeconds: 15 * 60 },
  /** Wrong codes for one e-mail, from any address (each code also allows only 5 attempts). */
  codeCheckFailuresPerEmail: { scope: 'code-check-fail:email', max: 10, windowSeconds: 15 * 60 },
  registerPerIp: { scope: 'register:ip', max: 20, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

const keyOf = (limit: Limit, subject: string) => `rl:${limit.scope}:${subject}`;

async function tooMany(kv: Kv, key: string, limit: Limit): Promise<AppError> {
  const seconds = (await kv.ttl(key)) ?? limit.windowSeconds;
  return new AppError('rate_limited', 'rate_limited', {
    params: { minutes: Math.max(1, Math.ceil(seconds / 60)) },
    headers: { 'retry-after': String(seconds) },
  });
}

/** Counts one attempt; past the limit answers 429 with Retry-After until the window ends. */
export async function hit(kv: Kv, limit: Limit, subject: string): Promise<void> {
  const key = keyOf(limit, subject);
  const count = await kv.incr(key, limit.windowSeconds);
  if (count <= limit.max) return;
  throw await tooMany(kv, key, limit);
}

/** A held attempt against failures-only limits: `forgive` when it turned out right. */
export interface HeldAttempt {
  forgive(): Promise<void>;
}

/**
 * Holds one attempt against each failures-only limit before the check, so parallel guesses cannot
 * slip past the count; past any limit answers 429. A success is forgiven afterwards and so never
 * uses up the budget; a failure stays counted.
 */
export async function holdAttempt(kv: Kv, limits: [Limit, string][]): Promise<HeldAttempt> {
  const held: [string, Limit][] = [];
  const release = () => Promise.all(held.map(([key, limit]) => kv.incr(key, limit.windowSeconds, -1)));
  for (const [limit, subject] of limits) {
    const key = keyOf(limit, subject);
    const count = await kv.incr(key, limit.windowSeconds);
    held.push([key, limit]);
    if (count > limit.max) {
      const refusal = await tooMany(kv, key, limit);
      // A refused attempt was never checked, so it is no failure either.
      await release();
      throw refusal;
    }
  }
  return { forgive: async () => void (await release()) };
}
