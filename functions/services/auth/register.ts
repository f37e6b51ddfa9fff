import { accounts } from '../../../db/schema';
import { translate } from '../../i18n/translate';
import { AppError } from '../../shared/app-error';
import { DEMO_DAYS } from '../../shared/constants';
import type { RegisterInput } from '../../shared/schemas/auth';
import type { ServiceContext } from '../context';
import { referralOf } from '../partner/referral-links';
import { issueCode } from './codes';
import { mailCode } from './emails';
import { findAccountByEmail } from './find-account';
import { hashPassword } from './passwords';
import { hit, LIMITS } from './rate-limit';

/** Creates an unverified account with a demo period and mails it a verification code. */
export async function register(ctx: ServiceContext, input: RegisterInput) {
  const { db, clock, kv, mail } = ctx.ports;
  await hit(kv, LIMITS.registerPerIp, ctx.clientIp);
  if (await findAccountByEmail(db, input.email)) {
    throw new AppError('email_taken', 'email_taken', { fields: { email: 'email_taken' } });
  }
  const now = clock.now();
  const metrika = input.query.metrika ?? {};
  // Tied once, here: a later sign-in through another link changes nothing.
  const referral = await referralOf(db, input.query.ref_id);
  const inserted = await db
    .insert(accounts)
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone,
      passwordHash: await hashPassword(input.password),
      currency: input.currency,
      lang: input.language,
      demoTill: new Date(now.getTime() + DEMO_DAYS * 86_400_000),
      signupQuery: { ...metrika, ...(input.query.ref_id ? { ref_id: input.query.ref_id } : {}) },
      referralId: input.query.ref_id ?? null,
      referredByPartnerId: referral?.partnerId ?? null,
      referralLinkId: referral?.linkId ?? null,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  const account = inserted[0];
  if (!account) throw new AppError('email_taken', 'email_taken', { fields: { email: 'email_taken' } });
  await mailCode(mail, account, 'verify', await issueCode(db, account.id, 'verify', now));
  return {
    message: translate('verification_sent', account.lang, { email: account.email }),
    email: account.email,
  };
}
