import type * as v from 'valibot';
import { isMessageKey, type MessageKey } from '../i18n/translate';

/** The most fields one answer names: a list of a thousand bad items says enough with its first ones. */
const MAX_FIELDS = 50;

/** Turns valibot issues (whose messages are message keys) into the API's `fields` map. */
export function issuesToFields(issues: readonly v.BaseIssue<unknown>[]): Record<string, MessageKey> {
  const fields: Record<string, MessageKey> = {};
  for (const issue of issues) {
    const path = issue.path?.map((item) => String(item.key)).join('.') || '_';
    if (Object.hasOwn(fields, path)) continue;
    if (Object.keys(fields).length >= MAX_FIELDS) break;
    fields[path] = isMessageKey(issue.message) ? issue.message : 'invalid_value';
  }
  return fields;
}
