import { eq } from 'drizzle-orm';
import { accounts } from '../../../db/schema';
import { translate } from '../../i18n/translate';
import type { ServiceContext } from '../context';
import { consumeCode, issueCode } from './codes';
import { mailCode } from './emails';
import { findAccountByEmail } from './find-account';
import { hit, LIMITS } from './rate-limit';

/** Confirms the e-mail; the user then signs in again (no session is opened here). */
export async function verifyEmail(ctx: ServiceContext, input: { email: string; code: string }) {
  const { db, kv, clock } = ctx.ports;
  await hit(kv, LIMITS.codeCheckPerIp, ctx.clientIp);
  const account = await findAccountByEmail(db, input.email);
  if (account?.emailVerifiedAt) return { message: translate('email_verified', ctx.lang) };
  const now = clock.now();
  await consumeCode(db, account?.id, 'verify', input.code, now);
  await db
    .update(accounts)
    .set({ emailVerifiedAt: now })
    .where(eq(accounts.id, account?.id ?? ''));
  return { message: translate('email_verified', ctx.lang) };
}

/** Sends a new verification code. The answer is the same whether or not the account exists. */
export async function resendVerificationCode(ctx: ServiceContext, input: { email: string }) {
  const { db, kv, clock, mail } = ctx.ports;
  await hit(kv, LIMITS.codeSendPerIp, ctx.clientIp);
  await hit(kv, LIMITS.codeSendPerEmail, input.email);
  const account = await findAccountByEmail(db, input.email);
  if (account && !account.emailVerifiedAt) {
    await mailCode(mail, account, 'verify', await issueCode(db, account.id, 'verify', clock.now()));
  }
  return { message: translate('code_sent', ctx.lang) };
}
