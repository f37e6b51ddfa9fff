import { eq } from 'drizzle-orm';
import { accounts } from '../../../db/schema';
import { translate } from '../../i18n/translate';
import type { ServiceContext } from '../context';
import { revokeAllKeys } from '../keys/api-keys';
import { closeSessionSockets } from '../realtime/session-sockets';
import { consumeCode, issueCode, issueDecoyCode } from './codes';
import { mailCode } from './emails';
import { findAccountByEmail } from './find-account';
import { hashPassword } from './passwords';
import { hit, LIMITS } from './rate-limit';
import { revokeAllSessions } from './sessions';

/** The answer is the same whether or not the account exists (`issueDecoyCode` covers the checks). */
export async function sendResetCode(ctx: ServiceContext, input: { email: string }) {
  const { db, kv, clock, mail } = ctx.ports;
  await hit(kv, LIMITS.codeSendPerIp, ctx.clientIp);
  await hit(kv, LIMITS.codeSendPerEmail, input.email);
  const account = await findAccountByEmail(db, input.email);
  const now = clock.now();
  if (account) await mailCode(mail, account, 'reset', await issueCode(db, account.id, 'reset', now));
  else await issueDecoyCode(kv, input.email, 'reset', now);
  return { message: translate('reset_code_sent', ctx.lang) };
}

/**
 * Sets a new password and shuts out whoever had the old one: every session ends and every API key is
 * deleted. The code came by e-mail, so it also proves the address: an unverified account becomes
 * verified.
 */
export async function resetPassword(
  ctx: ServiceContext,
  input: { email: string; code: string; password: string },
) {
  const { db, kv, clock } = ctx.ports;
  await hit(kv, LIMITS.codeCheckPerIp, ctx.clientIp);
  const account = await findAccountByEmail(db, input.email);
  const now = clock.now();
  await consumeCode(ctx.ports, { email: input.email, accountId: account?.id }, 'reset', input.code, now);
  if (!account) return { message: translate('password_reset', ctx.lang) };
  await db
    .update(accounts)
    .set({
      passwordHash: await hashPassword(input.password),
      emailVerifiedAt: account.emailVerifiedAt ?? now,
    })
    .where(eq(accounts.id, account.id));
  await revokeAllSessions(ctx.ports, account.id, now);
  await closeSessionSockets(ctx.ports, account.id, { allBut: null });
  await revokeAllKeys(ctx.ports, account.id);
  return { message: translate('password_reset', ctx.lang) };
}
