import { AppError } from '../../shared/app-error';
import type { ServiceContext } from '../context';
import { closeSessionSockets } from '../realtime/session-sockets';
import { findAccountByEmail } from './find-account';
import { verifyPasswordOf } from './passwords';
import { hit, holdAttempt, LIMITS } from './rate-limit';
import { openSession, revokeSession } from './sessions';

/**
 * Every attempt counts against the caller's address; only wrong passwords count against the e-mail,
 * so guessing cannot use up the owner's own sign-ins, and guessing from one address locks out that
 * address rather than the owner.
 */
export async function login(ctx: ServiceContext, input: { email: string; password: string }) {
  const { db, kv, clock } = ctx.ports;
  await hit(kv, LIMITS.loginPerIp, ctx.clientIp);
  const attempt = await holdAttempt(kv, [
    [LIMITS.loginFailuresPerEmailIp, `${input.email}|${ctx.clientIp}`],
    [LIMITS.loginFailuresPerEmail, input.email],
  ]);
  const account = await findAccountByEmail(db, input.email);
  if (!(await verifyPasswordOf(input.password, account?.passwordHash)) || !account) {
    throw new AppError('invalid_credentials');
  }
  await attempt.forgive();
  if (!account.emailVerifiedAt) throw new AppError('email_not_verified');
  const { token, expiresAt } = await openSession(db, ctx.settings.jwtSecret, account.id, clock.now());
  return { token, expires_at: expiresAt.toISOString() };
}

export async function logout(ctx: ServiceContext, accountId: string, sessionId: string | null) {
  if (sessionId) await revokeSession(ctx.ports, accountId, sessionId, ctx.ports.clock.now());
  if (sessionId) await closeSessionSockets(ctx.ports, accountId, { session: sessionId });
}
