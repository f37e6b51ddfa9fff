import * as v from 'valibot';
import { INTEGRATION_TYPES } from '../../../db/schema/integrations';
import { CRM_ENTITIES } from '../crm';
import { msg } from './fields';

/** Largest connection_data a client may store, in characters of its JSON. */
export const MAX_CONNECTION_DATA_CHARS = 16_000;

const accountId = v.optional(
  v.nullable(v.pipe(v.string(msg('invalid_value')), v.trim(), v.maxLength(200, msg('too_long')))),
);

const connectionData = v.optional(
  v.pipe(
    v.record(v.string(), v.unknown(), msg('invalid_value')),
    v.check((value) => JSON.stringify(value).length <= MAX_CONNECTION_DATA_CHARS, msg('too_long')),
  ),
);

/**
 * POST /api/integrations {type, integration_account_id, connection_data, (id)}: without `id` a new
 * integration of `type`; with the id of one of the account's integrations, that one's fields change
 * (its type stays).
 */
export const saveIntegrationSchema = v.object({
  id: v.optional(v.pipe(v.string(msg('invalid_value')), v.maxLength(64, msg('too_long')))),
  type: v.picklist(INTEGRATION_TYPES, msg('invalid_value')),
  integration_account_id: accountId,
  connection_data: connectionData,
});

/** PATCH /api/integrations/{id}: `activated` and/or the fields; at least one. */
export const updateIntegrationSchema = v.pipe(
  v.object({
    activated: v.optional(v.boolean(msg('invalid_value'))),
    integration_account_id: accountId,
    connection_data: connectionData,
  }),
  v.check(
    (value) =>
      value.activated !== undefined ||
      value.integration_account_id !== undefined ||
      value.connection_data !== undefined,
    msg('invalid_value'),
  ),
);

/** DELETE /api/integrations/{id}?confirm=true: detach from the bots that use it, then delete. */
export const deleteIntegrationQuery = v.object({
  confirm: v.optional(v.picklist(['true', 'false'], msg('invalid_value')), 'false'),
});

export type SaveIntegrationInput = v.InferOutput<typeof saveIntegrationSchema>;
export type UpdateIntegrationInput = v.InferOutput<typeof updateIntegrationSchema>;

/** GET /api/integrations/{id}/crm/fields?entity=: the kind of CRM record. */
export const crmFieldsQuerySchema = v.object({ entity: v.picklist(CRM_ENTITIES, msg('invalid_value')) });

/** GET /api/integrations/{id}/booking/services?branch_id=: a booking system's branch, digits. */
export const bookingServicesQuerySchema = v.object({
  branch_id: v.pipe(v.string(msg('invalid_value')), v.regex(/^\d{1,12}$/, msg('invalid_value'))),
});

/** GET /api/private/integrations/{type}/staff?integration_id=: a missing or unknown id answers 404. */
export const crmStaffQuerySchema = v.object({
  integration_id: v.optional(
    v.pipe(v.string(msg('invalid_value')), v.maxLength(64, msg('invalid_value'))),
    '',
  ),
});
