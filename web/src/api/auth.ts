import type { Currency, Language } from '../../../functions/shared/constants';
import { api } from './client';
import { signOutLocally } from './session';
import { readSignupQuery } from './signup-query';

export interface MessageAnswer {
  message: string;
}

export interface RegisterInput {
  name: string;
  email: string;
  phone: string;
  password: string;
  currency: Currency;
  language: Language;
}

/** Registration sends the confirmation equal to the password (SPEC §5) plus the stored link data. */
export const register = (input: RegisterInput) =>
  api<MessageAnswer & { email: string }>('POST', '/api/register', {
    ...input,
    password_confirmation: input.password,
    query: readSignupQuery(),
  });

export const login = (email: string, password: string) =>
  api<{ token: string; expires_at: string }>('POST', '/api/login', {
    email,
    password,
    query: readSignupQuery(),
  });

export const verifyEmail = (email: string, code: string) =>
  api<MessageAnswer>('POST', '/api/verify-email', { email, code });

export const resendCode = (email: string) => api<MessageAnswer>('POST', '/api/resend-code', { email });

export const sendResetCode = (email: string) => api<MessageAnswer>('POST', '/api/send-reset-code', { email });

export const resetPassword = (email: string, code: string, password: string) =>
  api<MessageAnswer>('POST', '/api/reset-password', { email, code, password });

/** Ends the session on the server when it can; the browser forgets the token either way. */
export async function logout(): Promise<void> {
  try {
    await api<MessageAnswer>('POST', '/api/logout');
  } catch {
    // The session may already be gone; signing out locally is what the user asked for.
  } finally {
    signOutLocally({ explicit: true });
  }
}
