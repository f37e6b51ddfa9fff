import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { requireAccount } from '../../http/require-account';
import { bulkChatsHandlers } from './bulk-chats';
import { deleteChatHandlers } from './delete-chat';
import { getChatHandlers } from './get-chat';
import { listChatsHandlers } from './list-chats';
import { accountLiveHandlers } from './live-chats';
import { pauseChatHandlers } from './pause-chat';
import { sendMessageHandlers } from './send-message';
import { startChatHandlers } from './start-chat';
import { stopChatHandlers } from './stop-chat';
import { summarizeChatHandlers } from './summarize-chat';

/** SPEC §2 Chats: the account's dialogues, their bot control, and operator answers. */
export const chatsRoutes = new Hono<AppEnv>()
  .use('*', requireAccount)
  .get('/', ...listChatsHandlers)
  .post('/bulk', ...bulkChatsHandlers)
  .get('/live', ...accountLiveHandlers)
  .get('/:id', ...getChatHandlers)
  .delete('/:id', ...deleteChatHandlers)
  .post('/:id/pause', ...pauseChatHandlers)
  .post('/:id/stop', ...stopChatHandlers)
  .post('/:id/start', ...startChatHandlers)
  .post('/:id/messages', ...sendMessageHandlers)
  .post('/:id/summary', ...summarizeChatHandlers);
