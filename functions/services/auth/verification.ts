import { and, eq, isNull } from 'drizzle-orm';
import { accounts } from '../../../db/schema';
import { translate } from '../../i18n/translate';
import type { ServiceContext } from '../context';
import { accountChanged } from './auth-cache';
import { consumeCode, issueCode, issueDecoyCode } from './codes';
import { mailCode } from './emails';
import { findAccountByEmail } from './find-account';
import { hit, LIMITS } from './rate-limit';

/**
 * Confirms the e-mail; the user then signs in again (no session is opened here). An unknown or
 * already confirmed address is checked against a pretend code, so it answers exactly like an
 * unconfirmed one given a wrong code.
 */
export async function verifyEmail(ctx: ServiceContext, input: { email: string; code: string }) {
  const { db, kv, clock } = ctx.ports;
  await hit(kv, LIMITS.codeCheckPerIp, ctx.clientIp);
  const account = await findAccountByEmail(db, input.email);
  const pending = account && !account.emailVerifiedAt ? account : undefined;
  const now = clock.now();
  await consumeCode(ctx.ports, { email: input.email, accountId: pending?.id }, 'verify', input.code, now);
  if (pending) {
    await db
      .update(accounts)
      .set({ emailVerifiedAt: now })
      .where(and(eq(accounts.id, pending.id), isNull(accounts.emailVerifiedAt)));
    await accountChanged(kv, pending.id);
  }
  return { message: translate('email_verified', ctx.lang) };
}

/** Sends a new verification code. The answer is the same whether or not the account exists. */
export async function resendVerificationCode(ctx: ServiceContext, input: { email: string }) {
  const { db, kv, clock, mail } = ctx.ports;
  await hit(kv, LIMITS.codeSendPerIp, ctx.clientIp);
  await hit(kv, LIMITS.codeSendPerEmail, input.email);
  const account = await findAccountByEmail(db, input.email);
  const now = clock.now();
  if (account && !account.emailVerifiedAt) {
    await mailCode(mail, account, 'verify', await issueCode(db, account.id, 'verify', now));
  } else {
    await issueDecoyCode(kv, input.email, 'verify', now);
  }
  return { message: translate('code_sent', ctx.lang) };
}
