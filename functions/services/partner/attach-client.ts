import { and, eq, isNull } from 'drizzle-orm';
import { type Account, accounts } from '../../../db/schema';
import { translate } from '../../i18n/translate';
import { AppError } from '../../shared/app-error';
import { CODE_TTL_MINUTES, consumeCode, issueCode, issueDecoyCode } from '../auth/codes';
import { findAccountByEmail } from '../auth/find-account';
import { hit, LIMITS } from '../auth/rate-limit';
import type { AccountContext } from '../context';
import { clientView } from './client-view';
import { requirePartner } from './partner-only';

/**
 * An existing account becomes a partner's client only with its owner's consent (issue #23 §1): the
 * owner is mailed a code bound to this partner, and the partner enters the code the owner gave them.
 * The answers do not tell whether the address has an account; one that is a partner, has a partner,
 * or is the partner itself cannot be taken.
 */

const purposeOf = (partner: Account) => `attach:${partner.id}` as const;

/** Whether the account may become this partner's client. */
const attachable = (account: Account | undefined, partner: Account): account is Account =>
  account !== undefined &&
  account.id !== partner.id &&
  account.role !== 'partner' &&
  account.partnerAccountId === null;

/** POST /api/partner/clients/attach {email}: the owner is asked by e-mail. */
export async function askToAttach(ctx: AccountContext, input: { email: string }) {
  const partner = requirePartner(ctx);
  const { db, kv, clock, mail } = ctx.ports;
  await hit(kv, LIMITS.codeSendPerIp, ctx.clientIp);
  await hit(kv, LIMITS.codeSendPerEmail, input.email);
  const account = await findAccountByEmail(db, input.email);
  const now = clock.now();
  const purpose = purposeOf(partner);
  if (attachable(account, partner)) {
    const code = await issueCode(db, account.id, purpose, now);
    const params = {
      name: account.name,
      partner: partner.name,
      partner_email: partner.email,
      code,
      minutes: CODE_TTL_MINUTES,
    };
    await mail.send({
      to: account.email,
      subject: translate('mail_attach_subject', account.lang, params),
      text: translate('mail_attach_text', account.lang, params),
    });
  } else {
    await issueDecoyCode(kv, input.email, purpose, now);
  }
  return { message: translate('attach_code_sent', ctx.lang) };
}

/** POST /api/partner/clients/attach/confirm {email, code}: the account becomes the partner's client. */
export async function confirmAttach(ctx: AccountContext, input: { email: string; code: string }) {
  const partner = requirePartner(ctx);
  const { db, kv, clock } = ctx.ports;
  await hit(kv, LIMITS.codeCheckPerIp, ctx.clientIp);
  const account = await findAccountByEmail(db, input.email);
  const target = attachable(account, partner) ? account : undefined;
  await consumeCode(
    ctx.ports,
    { email: input.email, accountId: target?.id },
    purposeOf(partner),
    input.code,
    clock.now(),
  );
  if (!target) throw new AppError('client_has_partner');
  // Another partner may have taken it meanwhile: only an account still without a partner joins.
  const [joined] = await db
    .update(accounts)
    .set({ partnerAccountId: partner.id })
    .where(and(eq(accounts.id, target.id), isNull(accounts.partnerAccountId)))
    .returning();
  if (!joined) throw new AppError('client_has_partner');
  return clientView(joined, { balanceMinor: 0, botsOn: 0, lastActivityAt: null });
}
