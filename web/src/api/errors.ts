import { t } from '../i18n/i18n';
import { ApiError } from './client';

/** What to tell the user about a failed call: the server's message, else the general unknown error (SPEC §8). */
export function errorText(error: unknown): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return t('unknown_error');
}

export const isApiError = (error: unknown, code?: string): error is ApiError =>
  error instanceof ApiError && (code === undefined || error.code === code);
