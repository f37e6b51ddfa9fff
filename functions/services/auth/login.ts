import { AppError } from '../../http/errors';
import type { ServiceContext } from '../context';
import { findAccountByEmail } from './find-account';
import { verifyPassword } from './passwords';
import { hit, LIMITS } from './rate-limit';
import { openSession, revokeSession } from './sessions';

export async function login(ctx: ServiceContext, input: { email: string; password: string }) {
  const { db, kv, clock } = ctx.ports;
  await hit(kv, LIMITS.loginPerIp, ctx.clientIp);
  await hit(kv, LIMITS.loginPerEmail, input.email);
  const account = await findAccountByEmail(db, input.email);
  if (!account || !(await verifyPassword(input.password, account.passwordHash))) {
    throw new AppError(422, 'invalid_credentials');
  }
  if (!account.emailVerifiedAt) throw new AppError(403, 'email_not_verified');
  const { token, expiresAt } = await openSession(db, ctx.settings.jwtSecret, account.id, clock.now());
  return { token, expires_at: expiresAt.toISOString() };
}

export async function logout(ctx: ServiceContext, sessionId: string | null) {
  if (sessionId) await revokeSession(ctx.ports.db, sessionId, ctx.ports.clock.now());
}
