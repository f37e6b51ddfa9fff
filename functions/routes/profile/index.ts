import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { requireAccount } from '../../http/require-account';
import { changePasswordHandlers } from './change-password';
import { getProfileHandlers } from './get-profile';
import { leavePartnerHandlers } from './leave-partner';
import { telegramRecipientsHandlers } from './telegram-recipients';
import { updateProfileHandlers } from './update-profile';

export const profileRoutes = new Hono<AppEnv>()
  .use('/profile/*', requireAccount)
  .use('/change_password', requireAccount)
  .get('/profile', ...getProfileHandlers)
  .post('/profile', ...updateProfileHandlers)
  .post('/profile/tg', ...telegramRecipientsHandlers)
  .delete('/profile/partner', ...leavePartnerHandlers)
  .post('/change_password', ...changePasswordHandlers);
