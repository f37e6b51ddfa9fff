import type { MessageKey } from '../i18n/translate';

/** The closed set of error codes the API answers with (ARCHITECTURE §4); http/error-status.ts maps each to its status. */
export type ErrorCode =
  | 'bad_request'
  | 'validation_failed'
  | 'payload_too_large'
  | 'unauthorized'
  | 'session_required'
  | 'owner_only'
  | 'not_found'
  | 'rate_limited'
  | 'email_taken'
  | 'invalid_credentials'
  | 'email_not_verified'
  | 'code_invalid'
  | 'code_expired'
  | 'code_attempts_exceeded'
  | 'keys_limit'
  | 'event_webhooks_limit'
  | 'bots_limit'
  | 'integrations_limit'
  | 'storages_limit'
  | 'storage_quota'
  | 'knowledge_unavailable'
  | 'proposal_decided'
  | 'bot_has_problems'
  | 'template_integrations_missing'
  | 'integration_in_use'
  | 'integration_not_available'
  | 'integration_connect_failed'
  | 'integration_not_connected'
  | 'integration_not_configured'
  | 'crm_staff_forbidden'
  | 'crm_failed'
  | 'origin_not_allowed'
  | 'low_balance'
  | 'currency_locked'
  | 'insufficient_balance'
  | 'subscription_required'
  | 'subscription_state'
  | 'payments_not_configured'
  | 'payment_failed'
  | 'invoices_not_configured'
  | 'invoices_limit'
  | 'upstream_failed'
  | 'internal_error'
  | 'partner_only'
  | 'client_has_partner'
  | 'partner_payment_failed'
  | 'request_id_reused'
  | 'partner_currency_mismatch';

export interface AppErrorOptions {
  /** Per-field message keys of a form (validation_failed). */
  fields?: Record<string, MessageKey>;
  params?: Record<string, string | number>;
  headers?: Record<string, string>;
  /** Data the client acts on (what is missing, a suggestion, the problems), beside message and code. */
  details?: Record<string, unknown>;
}

/**
 * A refusal any layer may throw: a code (its HTTP status comes from one map in the HTTP layer), the
 * message to show in the request's language, and what else the client needs to act on it.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: MessageKey = code,
    readonly options: AppErrorOptions = {},
  ) {
    super(code);
  }
}

export const notFound = (messageKey: MessageKey = 'not_found') => new AppError('not_found', messageKey);
export const unauthorized = () => new AppError('unauthorized');
/** A form refused field by field: 422 with each field's message. */
export const invalidFields = (
  fields: Record<string, MessageKey>,
  messageKey: MessageKey = 'validation_failed',
) => new AppError('validation_failed', messageKey, { fields });
