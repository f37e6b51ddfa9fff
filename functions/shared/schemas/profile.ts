import * as v from 'valibot';
import { ACCOUNT_ROLES, CURRENCIES, INDUSTRIES, LANGUAGES, MAX_TELEGRAM_RECIPIENTS } from '../constants';
import { passwordPairChecks } from './auth';
import { looseString, msg, password, phone, requiredText } from './fields';

export const updateProfileSchema = v.object({
  name: v.optional(requiredText('name_required', 100)),
  phone: v.optional(phone),
  lang: v.optional(v.picklist(LANGUAGES, msg('invalid_value'))),
  currency: v.optional(v.picklist(CURRENCIES, msg('invalid_value'))),
  /** Client or partner (SPEC §6): the tour asks first, the profile changes it. */
  role: v.optional(v.picklist(ACCOUNT_ROLES, msg('invalid_value'))),
});

const changePasswordFields = v.object({ new_password: password, new_password_confirmation: password });

export const changePasswordSchema = v.pipe(
  changePasswordFields,
  passwordPairChecks<v.InferOutput<typeof changePasswordFields>>('new_password', 'new_password_confirmation'),
);

/**
 * A Telegram recipient: @username (5–32 characters) or a numeric chat id, written without leading
 * zeros (012345 would be another spelling of 12345, slipping past the duplicate check).
 */
export const TELEGRAM_RECIPIENT = /^(@?[A-Za-z][A-Za-z0-9_]{4,31}|-?[1-9]\d{4,14})$/;

export const telegramContactsSchema = v.object({
  contacts: v.pipe(
    v.array(
      v.pipe(v.string(msg('invalid_value')), v.trim(), v.regex(TELEGRAM_RECIPIENT, msg('recipient_format'))),
    ),
    v.maxLength(MAX_TELEGRAM_RECIPIENTS, msg('recipients_limit')),
  ),
});

export const tourSchema = v.object({
  fields: v.object({
    usage_plan: looseString(500),
    role: v.picklist(ACCOUNT_ROLES, msg('role_required')),
    industry: v.optional(v.picklist(INDUSTRIES, msg('invalid_value'))),
    ai_experience: looseString(500),
    sales_staff: looseString(100),
  }),
});

/** How the guided walk after the questions ended (SPEC §1 onboarding tour). */
export const TOUR_WALK_ENDS = ['finished', 'skipped'] as const;

/** POST /api/helpers/tour {fields: {walk}}: the walk over the main places ended; it is not shown again. */
export const tourWalkSchema = v.object({
  fields: v.object({ walk: v.picklist(TOUR_WALK_ENDS, msg('invalid_value')) }),
});

const namesWalk = (input: unknown) =>
  typeof input === 'object' &&
  input !== null &&
  'fields' in input &&
  typeof input.fields === 'object' &&
  input.fields !== null &&
  'walk' in input.fields;

/** POST /api/helpers/tour: the five answers, or the end of the walk that follows them. */
export const tourBodySchema = v.lazy((input) => (namesWalk(input) ? tourWalkSchema : tourSchema));

/** POST /api/keys: the comment may be left out (an empty one). */
export const apiKeyCommentSchema = v.object({ comment: v.pipe(looseString(255), v.trim()) });

/** PATCH /api/keys/{id}: the new comment must be given as text; a missing or null one is refused. */
export const apiKeyRenameSchema = v.object({
  comment: v.pipe(v.string(msg('invalid_value')), v.maxLength(255, msg('too_long')), v.trim()),
});
