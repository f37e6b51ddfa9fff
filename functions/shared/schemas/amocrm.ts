import * as v from 'valibot';
import { msg } from './fields';

/**
 * The settings of an amoCRM / Kommo integration the owner saves (the catalogue's settings): the
 * account's domain (from the consent redirect), the Salesbot that sends the bot's replies, and the
 * selection of deals the bot works on (SPEC §3: pipeline_id and status_id pairs; empty = all).
 * Other fields (the authorisation code) pass through to the catalogue's allow-list.
 */
const digits = v.pipe(v.string(msg('invalid_value')), v.trim(), v.regex(/^\d{1,18}$/, msg('digits_only')));

export const MAX_SELECTION = 500;

export const amoSettingsSchema = v.looseObject({
  referer: v.optional(v.pipe(v.string(msg('invalid_value')), v.trim(), v.maxLength(255, msg('too_long')))),
  salesbot_id: v.optional(v.union([v.literal(''), digits], msg('digits_only'))),
  selection: v.optional(
    v.pipe(
      v.array(v.object({ pipeline_id: digits, status_id: digits }), msg('invalid_value')),
      v.maxLength(MAX_SELECTION, msg('too_long')),
    ),
  ),
});
