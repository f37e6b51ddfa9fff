import * as v from 'valibot';
import { ASSISTANT_REQUEST_TYPES, MAX_ASSISTANT_MESSAGE, PROPOSAL_FIELDS } from '../assistant';
import { msg, positiveQueryNumber } from './fields';

export const startDialogSchema = v.object({
  request_type: v.picklist(ASSISTANT_REQUEST_TYPES, msg('invalid_value')),
  bot_id: v.optional(v.nullable(v.pipe(v.string(msg('invalid_value')), v.maxLength(64, msg('too_long'))))),
});

export const assistantMessageSchema = v.object({
  text: v.pipe(
    v.string(msg('assistant_message_required')),
    v.trim(),
    v.nonEmpty(msg('assistant_message_required')),
    v.maxLength(MAX_ASSISTANT_MESSAGE, msg('too_long')),
  ),
});

export const acceptProposalSchema = v.object({
  fields: v.optional(
    v.pipe(
      v.array(v.picklist(PROPOSAL_FIELDS, msg('invalid_value')), msg('invalid_value')),
      v.maxLength(PROPOSAL_FIELDS.length, msg('too_long')),
    ),
  ),
});

export const dialogsQuerySchema = v.object({
  page: v.optional(positiveQueryNumber(1_000_000), '1'),
});
