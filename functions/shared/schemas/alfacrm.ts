import * as v from 'valibot';
import { alfaHostname } from '../alfacrm';
import { msg } from './fields';

/**
 * The settings of an AlfaCRM integration the owner saves: the account's host (kept normalised),
 * the API user's e-mail and the branch the bot works in. The API key passes through to the
 * catalogue's allow-list of credentials.
 */
const text = (max: number) =>
  v.pipe(v.string(msg('invalid_value')), v.trim(), v.maxLength(max, msg('too_long')));

export const alfaSettingsSchema = v.looseObject({
  hostname: v.optional(
    v.pipe(
      text(253),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        if (dataset.value === '') return '';
        const host = alfaHostname(dataset.value);
        if (host) return host;
        addIssue({ message: msg('invalid_value') });
        return NEVER;
      }),
    ),
  ),
  email: v.optional(
    v.union([v.literal(''), v.pipe(text(254), v.toLowerCase(), v.email(msg('email_format')))]),
  ),
  branch_id: v.optional(
    v.union(
      [v.literal(''), v.pipe(text(9), v.regex(/^[1-9]\d{0,8}$/, msg('digits_only')))],
      msg('digits_only'),
    ),
  ),
});
