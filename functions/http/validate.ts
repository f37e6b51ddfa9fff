import { vValidator } from '@hono/valibot-validator';
import type * as v from 'valibot';
import { isMessageKey, type MessageKey } from '../i18n/translate';
import { AppError } from './errors';

/** Turns valibot issues (whose messages are message keys) into the API's `fields` map. */
export function issuesToFields(issues: readonly v.BaseIssue<unknown>[]): Record<string, MessageKey> {
  const fields: Record<string, MessageKey> = {};
  for (const issue of issues) {
    const path = issue.path?.map((item) => String(item.key)).join('.') || '_';
    if (!(path in fields)) fields[path] = isMessageKey(issue.message) ? issue.message : 'invalid_value';
  }
  return fields;
}

/** JSON body validation: a failure answers 422 with every field's message, and nothing runs. */
export const jsonBody = <S extends v.GenericSchema>(schema: S) =>
  vValidator('json', schema, (result) => {
    if (!result.success) {
      throw new AppError(422, 'validation_failed', 'validation_failed', {
        fields: issuesToFields(result.issues),
      });
    }
  });

/** Query string validation, answered like a body's: 422 with every field's message. */
export const queryParams = <S extends v.GenericSchema>(schema: S) =>
  vValidator('query', schema, (result) => {
    if (!result.success) {
      throw new AppError(422, 'validation_failed', 'validation_failed', {
        fields: issuesToFields(result.issues),
      });
    }
  });
