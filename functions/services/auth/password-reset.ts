import { eq } from 'drizzle-orm';
import { accounts } from '../../../db/schema';
import { translate } from '../../i18n/translate';
import type { ServiceContext } from '../context';
import { consumeCode, issueCode } from './codes';
import { mailCode } from './emails';
import { findAccountByEmail } from './find-account';
import { hashPassword } from './passwords';
import { hit, LIMITS } from './rate-limit';
import { revokeAllSessions } from './sessions';

export async function sendResetCode(ctx: ServiceContext, input: { email: string }) {
  const { db, kv, clock, mail } = ctx.ports;
  await hit(kv, LIMITS.codeSendPerIp, ctx.clientIp);
  await hit(kv, LIMITS.codeSendPerEmail, input.email);
  const account = await findAccountByEmail(db, input.email);
  if (account) await mailCode(mail, account, 'reset', await issueCode(db, account.id, 'reset', clock.now()));
  return { message: translate('reset_code_sent', ctx.lang) };
}

/**
 * Sets a new password and signs the account out everywhere. The code came by e-mail, so it also
 * proves the address: an unverified account becomes verified.
 */
export async function resetPassword(
  ctx: ServiceContext,
  input: { email: string; code: string; password: string },
) {
  const { db, kv, clock } = ctx.ports;
  await hit(kv, LIMITS.codeCheckPerIp, ctx.clientIp);
  const account = await findAccountByEmail(db, input.email);
  const now = clock.now();
  await consumeCode(db, account?.id, 'reset', input.code, now);
  if (!account) return { message: translate('password_reset', ctx.lang) };
  await db
    .update(accounts)
    .set({
      passwordHash: await hashPassword(input.password),
      emailVerifiedAt: account.emailVerifiedAt ?? now,
    })
    .where(eq(accounts.id, account.id));
  await revokeAllSessions(db, account.id, now);
  return { message: translate('password_reset', ctx.lang) };
}
