import { AppError, type ErrorCode } from '../http/errors';
import type { MessageKey } from '../i18n/translate';

/**
 * A refusal that carries data besides the message (the problems, the missing integrations), so the
 * client can act on it; the route answers it as 422 `{message, code, ...details}`.
 */
export interface Refusal {
  /** 422 unless said: 402 when money is missing, 409 when the state forbids it. */
  status?: 402 | 409 | 422;
  code: ErrorCode;
  messageKey: MessageKey;
  params?: Record<string, string | number>;
  details: Record<string, unknown>;
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export const done = <T>(value: T): Outcome<T> => ({ ok: true, value });
export const refused = <T>(refusal: Refusal): Outcome<T> => ({ ok: false, refusal });

/** The same refusal thrown, for services whose callers answer errors rather than outcomes. */
export const refusalError = (refusal: Refusal) =>
  new AppError(refusal.status ?? 422, refusal.code, refusal.messageKey, {
    params: refusal.params,
    details: refusal.details,
  });
