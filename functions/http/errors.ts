import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { MessageKey } from '../i18n/translate';

/** The closed set of error codes the API answers with (ARCHITECTURE §4). */
export type ErrorCode =
  | 'bad_request'
  | 'validation_failed'
  | 'payload_too_large'
  | 'unauthorized'
  | 'session_required'
  | 'not_found'
  | 'rate_limited'
  | 'email_taken'
  | 'invalid_credentials'
  | 'email_not_verified'
  | 'code_invalid'
  | 'code_expired'
  | 'code_attempts_exceeded'
  | 'keys_limit'
  | 'bots_limit'
  | 'integrations_limit'
  | 'bot_has_problems'
  | 'template_integrations_missing'
  | 'integration_in_use'
  | 'integration_not_available'
  | 'integration_connect_failed'
  | 'origin_not_allowed'
  | 'low_balance'
  | 'currency_locked'
  | 'insufficient_balance'
  | 'subscription_required'
  | 'subscription_state'
  | 'payments_not_configured'
  | 'payment_failed'
  | 'invoices_not_configured'
  | 'internal_error';

export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    readonly messageKey: MessageKey = code,
    readonly options: {
      fields?: Record<string, MessageKey>;
      params?: Record<string, string | number>;
      headers?: Record<string, string>;
      /** Data the client acts on (what is missing, a suggestion), beside message and code. */
      details?: Record<string, unknown>;
    } = {},
  ) {
    super(code);
  }
}

export const notFound = (messageKey: MessageKey = 'not_found') => new AppError(404, 'not_found', messageKey);
export const unauthorized = () => new AppError(401, 'unauthorized');
