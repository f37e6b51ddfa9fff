import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { requireAccount } from '../../http/require-account';
import { clearMessagesHandlers } from './clear-messages';
import { getMessagesHandlers } from './get-messages';
import { sendMessageHandlers } from './send-message';

/** The bot check screen (SPEC §2 Check): a dialogue with one's own bot on the channel 'check'. */
export const checkRoutes = new Hono<AppEnv>()
  .use('*', requireAccount)
  .get('/messages', ...getMessagesHandlers)
  .post('/messages', ...sendMessageHandlers)
  .delete('/messages', ...clearMessagesHandlers);
