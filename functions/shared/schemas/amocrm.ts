import * as v from 'valibot';
import { msg } from './fields';

/**
 * The settings of an amoCRM / Kommo integration the owner saves (the catalogue's settings): the
 * Salesbot that sends the bot's replies, and the selection of deals the bot works on (SPEC §3:
 * pipeline_id and status_id pairs; empty = all). The account's domain and the code come only through
 * the server (a consent's state, a market install's ticket); other fields pass through to the
 * catalogue's allow-list.
 */
const digits = v.pipe(v.string(msg('invalid_value')), v.trim(), v.regex(/^\d{1,18}$/, msg('digits_only')));

export const MAX_SELECTION = 500;

export const amoSettingsSchema = v.looseObject({
  salesbot_id: v.optional(v.union([v.literal(''), digits], msg('digits_only'))),
  selection: v.optional(
    v.pipe(
      v.array(v.object({ pipeline_id: digits, status_id: digits }), msg('invalid_value')),
      v.maxLength(MAX_SELECTION, msg('too_long')),
    ),
  ),
});
