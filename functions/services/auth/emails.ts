import type { Account } from '../../../db/schema';
import { translate } from '../../i18n/translate';
import type { Mail } from '../../ports/mail';
import { CODE_TTL_MINUTES } from './codes';

/** Sends a one-time code in the account's own language. */
export async function mailCode(mail: Mail, account: Account, purpose: 'verify' | 'reset', code: string) {
  const params = { name: account.name, code, minutes: CODE_TTL_MINUTES };
  const [subject, text] =
    purpose === 'verify'
      ? (['mail_verify_subject', 'mail_verify_text'] as const)
      : (['mail_reset_subject', 'mail_reset_text'] as const);
  await mail.send({
    to: account.email,
    subject: translate(subject, account.lang, params),
    text: translate(text, account.lang, params),
  });
}
