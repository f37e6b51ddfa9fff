import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { loginHandlers } from './login';
import { logoutHandlers } from './logout';
import { registerHandlers } from './register';
import { resendCodeHandlers } from './resend-code';
import { resetPasswordHandlers } from './reset-password';
import { sendResetCodeHandlers } from './send-reset-code';
import { verifyEmailHandlers } from './verify-email';

export const authRoutes = new Hono<AppEnv>()
  .post('/register', ...registerHandlers)
  .post('/login', ...loginHandlers)
  .post('/logout', ...logoutHandlers)
  .post('/verify-email', ...verifyEmailHandlers)
  .post('/resend-code', ...resendCodeHandlers)
  .post('/send-reset-code', ...sendResetCodeHandlers)
  .post('/reset-password', ...resetPasswordHandlers);
