import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { translate } from '../i18n/translate';
import { AppError } from '../shared/app-error';
import { safeErrorText } from '../shared/safe-error';
import type { AppEnv } from './env';
import { ERROR_STATUS } from './error-status';

/** Where the error was thrown: the stack without its first line, which repeats the message. */
const stackFrames = (error: unknown) =>
  error instanceof Error
    ? (error.stack ?? '')
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n')
    : '';

/** One place turns every failure into `{message, code, fields?}` in the request's language. */
export const onError: ErrorHandler<AppEnv> = (error, c) => {
  const lang = c.get('lang') ?? 'ru';
  if (error instanceof AppError) {
    const { fields, params, headers, details } = error.options;
    for (const [name, value] of Object.entries(headers ?? {})) c.header(name, value);
    const translated =
      fields &&
      Object.fromEntries(Object.entries(fields).map(([k, key]) => [k, translate(key, lang, params)]));
    // A form with problems leads with the first one, so a client showing only `message` still says what is wrong.
    const first = translated && Object.values(translated)[0];
    const message =
      error.code === 'validation_failed' && first ? first : translate(error.messageKey, lang, params);
    return c.json(
      { ...details, message, code: error.code, ...(translated ? { fields: translated } : {}) },
      ERROR_STATUS[error.code],
    );
  }
  if (error instanceof HTTPException && error.status < 500) {
    const code =
      error.status === 413 ? 'payload_too_large' : error.status === 401 ? 'unauthorized' : 'bad_request';
    return c.json({ message: translate(code, lang), code }, error.status);
  }
  console.error('unhandled error', safeErrorText(error), stackFrames(error));
  return c.json({ message: translate('internal_error', lang), code: 'internal_error' }, 500);
};
