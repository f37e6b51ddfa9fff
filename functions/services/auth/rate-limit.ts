import { AppError } from '../../http/errors';
import type { Kv } from '../../ports/kv';

export interface Limit {
  /** What is counted, e.g. "login:email". */
  scope: string;
  max: number;
  windowSeconds: number;
}

export const LIMITS = {
  loginPerEmail: { scope: 'login:email', max: 10, windowSeconds: 15 * 60 },
  loginPerIp: { scope: 'login:ip', max: 50, windowSeconds: 15 * 60 },
  codeSendPerEmail: { scope: 'code-send:email', max: 5, windowSeconds: 60 * 60 },
  codeSendPerIp: { scope: 'code-send:ip', max: 30, windowSeconds: 60 * 60 },
  codeCheckPerIp: { scope: 'code-check:ip', max: 50, windowSeconds: 15 * 60 },
  registerPerIp: { scope: 'register:ip', max: 20, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

/** Counts one attempt; past the limit answers 429 with Retry-After until the window ends. */
export async function hit(kv: Kv, limit: Limit, subject: string): Promise<void> {
  const key = `rl:${limit.scope}:${subject}`;
  const count = await kv.incr(key, limit.windowSeconds);
  if (count <= limit.max) return;
  const seconds = (await kv.ttl(key)) ?? limit.windowSeconds;
  throw new AppError(429, 'rate_limited', 'rate_limited', {
    params: { minutes: Math.max(1, Math.ceil(seconds / 60)) },
    headers: { 'retry-after': String(seconds) },
  });
}
