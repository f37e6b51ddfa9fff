import * as v from 'valibot';
import { CODE_LENGTH } from '../constants';
import type { SharedMessageKey } from '../messages';
import { normalizePhone } from '../phone';

/** Issue messages are message keys; each side translates them. */
export const msg = (key: SharedMessageKey) => key;

const MAX_TEXT = 255;

/** A string that may be missing or null (read as empty); wrong types and huge strings are refused. */
export const looseString = (max = MAX_TEXT) =>
  v.pipe(v.nullish(v.string(msg('invalid_value')), ''), v.maxLength(max, msg('too_long')));

export const requiredText = (requiredKey: SharedMessageKey, max = MAX_TEXT) =>
  v.pipe(looseString(max), v.trim(), v.nonEmpty(msg(requiredKey)));

export const email = v.pipe(
  requiredText('email_required', 254),
  v.toLowerCase(),
  v.email(msg('email_format')),
);

export const phone = v.pipe(
  requiredText('phone_required', 32),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const normalized = normalizePhone(dataset.value);
    if (normalized === null) {
      addIssue({ message: msg('phone_format') });
      return NEVER;
    }
    return normalized;
  }),
);

export const code = v.pipe(
  requiredText('code_required', 32),
  v.check((value) => value.length >= CODE_LENGTH, msg('code_incomplete')),
  v.regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), msg('code_invalid')),
);

/** Password fields are never trimmed: spaces are part of a password. */
export const password = looseString(128);

/** A whole number from 1 to `max` given as a query parameter (page, per_page). */
export const positiveQueryNumber = (max: number) =>
  v.pipe(
    v.string(msg('invalid_value')),
    v.regex(/^\d{1,6}$/, msg('invalid_value')),
    v.transform(Number),
    v.minValue(1, msg('invalid_value')),
    v.maxValue(max, msg('invalid_value')),
  );

/** The first and last days a date filter may name: any later or earlier is a typo, not a range. */
export const FIRST_FILTER_DAY = '2000-01-01';
export const LAST_FILTER_DAY = '2099-12-31';

/**
 * A calendar day YYYY-MM-DD that exists (no 2024-02-31) within FIRST_FILTER_DAY..LAST_FILTER_DAY,
 * so a list's date filter never reaches the database as year 0 or a day past year 9999.
 */
export const filterDay = v.pipe(
  v.string(msg('invalid_value')),
  v.isoDate(msg('invalid_value')),
  v.check((value) => {
    if (value < FIRST_FILTER_DAY || value > LAST_FILTER_DAY) return false;
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, msg('invalid_value')),
);
