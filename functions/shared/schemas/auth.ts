import * as v from 'valibot';
import { CURRENCIES, LANGUAGES, MIN_PASSWORD_LENGTH, UTM_KEYS } from '../constants';
import { code, email, looseString, msg, password, phone, requiredText } from './fields';

/**
 * Rules for a new password and its confirmation (SPEC §5), reported on the named fields. It runs
 * even when other fields failed, so the form shows every problem at once.
 */
export function passwordPairChecks<T extends Record<string, unknown>>(
  passwordKey: string,
  confirmKey: string,
) {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    const value = dataset.value as Record<string, unknown>;
    const pass = value[passwordKey];
    const confirm = value[confirmKey];
    if (typeof pass !== 'string' || typeof confirm !== 'string') return;
    const issueOn = (key: string, message: string) =>
      addIssue({
        message,
        path: [{ type: 'object', origin: 'value', input: value, key, value: value[key] }],
      });
    if (pass === '' || confirm === '') issueOn(passwordKey, msg('password_and_confirmation_required'));
    else if (pass.length < MIN_PASSWORD_LENGTH) issueOn(passwordKey, msg('password_min'));
    else if (pass !== confirm) issueOn(confirmKey, msg('password_mismatch'));
  });
}

/** The longest sign-up link value kept (ref_id, each UTM value); the web app cuts them to it too. */
export const SIGNUP_QUERY_MAX_LENGTH = 500;

/**
 * A link value as the browser stored it: text is kept, cut to SIGNUP_QUERY_MAX_LENGTH; anything else
 * is dropped. It never refuses the request: a sign-up or sign-in must not fail over a link's data.
 */
const queryText = v.fallback(
  v.optional(
    v.pipe(
      v.string(),
      v.transform((value) => value.slice(0, SIGNUP_QUERY_MAX_LENGTH)),
    ),
  ),
  undefined,
);

/** Sign-up link data (SPEC §9 stored keys ref_id and metrika); malformed parts are dropped, never refused. */
export const signupQuery = v.fallback(
  v.optional(
    v.object({
      ref_id: queryText,
      metrika: v.fallback(
        v.optional(v.object(Object.fromEntries(UTM_KEYS.map((key) => [key, queryText])))),
        undefined,
      ),
    }),
    {},
  ),
  {},
);

const registerFields = v.object({
  name: requiredText('name_required', 100),
  email,
  phone,
  password,
  password_confirmation: password,
  currency: v.optional(v.picklist(CURRENCIES, msg('invalid_value')), 'rub'),
  language: v.optional(v.picklist(LANGUAGES, msg('invalid_value')), 'ru'),
  query: signupQuery,
});

export const registerSchema = v.pipe(
  registerFields,
  passwordPairChecks<v.InferOutput<typeof registerFields>>('password', 'password_confirmation'),
);

export const loginSchema = v.object({
  email,
  password: v.pipe(password, v.nonEmpty(msg('password_required'))),
  query: signupQuery,
});

export const emailOnlySchema = v.object({ email });

export const verifyEmailSchema = v.object({ email, code });

export const resetPasswordSchema = v.object({
  email,
  code,
  password: v.pipe(
    password,
    v.nonEmpty(msg('password_required')),
    v.minLength(MIN_PASSWORD_LENGTH, msg('password_min')),
  ),
});

export type RegisterInput = v.InferOutput<typeof registerSchema>;
export type SignupQueryInput = v.InferOutput<typeof signupQuery>;
export { looseString };
