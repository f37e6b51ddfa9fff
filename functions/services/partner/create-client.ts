import { accounts } from '../../../db/schema';
import { translate } from '../../i18n/translate';
import { AppError } from '../../shared/app-error';
import { WELCOME_CREDIT_MINOR } from '../../shared/balance';
import { DEMO_DAYS } from '../../shared/constants';
import { randomToken } from '../../shared/same-secret';
import type { CreateClientInput } from '../../shared/schemas/partner';
import { CODE_TTL_MINUTES, issueCode } from '../auth/codes';
import { findAccountByEmail } from '../auth/find-account';
import { hashPassword } from '../auth/passwords';
import { grantWelcomeCredit } from '../billing/balance';
import type { AccountContext } from '../context';
import { clientView } from './client-view';
import { requirePartner } from './partner-only';

/**
 * POST /api/partner/clients: a real account that belongs to the partner (its own balance, demo,
 * bots and integrations), with a password nobody knows: the client is mailed a code to set one on
 * the password reset page and may then sign in on their own. The address is taken as verified (the
 * code proves it when used). An e-mail that has an account already is refused: attaching an existing
 * account needs its owner's consent.
 */
export async function createClient(ctx: AccountContext, input: CreateClientInput) {
  const partner = requirePartner(ctx);
  const { db, clock, mail } = ctx.ports;
  const taken = () => new AppError('email_taken', 'email_taken', { fields: { email: 'email_taken' } });
  if (await findAccountByEmail(db, input.email)) throw taken();
  const now = clock.now();
  const [client] = await db
    .insert(accounts)
    .values({
      name: input.name,
      email: input.email,
      phone: '',
      passwordHash: await hashPassword(randomToken()),
      currency: input.currency,
      lang: partner.lang,
      demoTill: new Date(now.getTime() + DEMO_DAYS * 86_400_000),
      emailVerifiedAt: now,
      tourShowed: true,
      role: 'client',
      partnerAccountId: partner.id,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!client) throw taken();
  await grantWelcomeCredit(db, client, now);
  const code = await issueCode(db, client.id, 'reset', now);
  const params = {
    name: client.name,
    partner: partner.name,
    code,
    minutes: CODE_TTL_MINUTES,
    url: ctx.settings.publicUrl.replace(/\/+$/, ''),
  };
  await mail.send({
    to: client.email,
    subject: translate('mail_client_invite_subject', client.lang, params),
    text: translate('mail_client_invite_text', client.lang, params),
  });
  return clientView(client, {
    balanceMinor: WELCOME_CREDIT_MINOR[client.currency],
    botsOn: 0,
    lastActivityAt: null,
  });
}
