import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { requireAccount } from '../../http/require-account';
import { botsRoutes } from '../bots';
import { createBotHandlers } from './create-bot';
import { deleteBotHandlers } from './delete-bot';
import { getBotHandlers } from './get-bot';
import { listBotsHandlers } from './list-bots';
import { switchBotHandlers } from './switch-bot';
import { updateBotHandlers } from './update-bot';

/** SPEC §7 Bots: /api/bot (the bots themselves) and /api/bots (the template gallery). */
export const botRoutes = new Hono<AppEnv>()
  .use('/bot', requireAccount)
  .use('/bot/*', requireAccount)
  .get('/bot', ...listBotsHandlers)
  .post('/bot', ...createBotHandlers)
  .get('/bot/:id', ...getBotHandlers)
  .put('/bot/:id', ...updateBotHandlers)
  .patch('/bot/:id', ...switchBotHandlers)
  .delete('/bot/:id', ...deleteBotHandlers)
  .route('/bots', botsRoutes);
