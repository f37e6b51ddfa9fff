import * as v from 'valibot';
import { ACCOUNT_ROLES, CURRENCIES, INDUSTRIES, LANGUAGES, MAX_TELEGRAM_RECIPIENTS } from '../constants';
import { passwordPairChecks } from './auth';
import { looseString, msg, password, phone, requiredText } from './fields';

export const updateProfileSchema = v.object({
  name: v.optional(requiredText('name_required', 100)),
  phone: v.optional(phone),
  lang: v.optional(v.picklist(LANGUAGES, msg('invalid_value'))),
  currency: v.optional(v.picklist(CURRENCIES, msg('invalid_value'))),
});

const changePasswordFields = v.object({ new_password: password, new_password_confirmation: password });

export const changePasswordSchema = v.pipe(
  changePasswordFields,
  passwordPairChecks<v.InferOutput<typeof changePasswordFields>>('new_password', 'new_password_confirmation'),
);

/** A Telegram recipient: @username (5–32 characters) or a numeric chat id. */
export const TELEGRAM_RECIPIENT = /^(@?[A-Za-z][A-Za-z0-9_]{4,31}|-?\d{5,15})$/;

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

export const apiKeyCommentSchema = v.object({ comment: v.pipe(looseString(255), v.trim()) });
