import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { requireAccount } from '../../http/require-account';
import { createKeyHandlers } from './create-key';
import { deleteKeyHandlers } from './delete-key';
import { listKeysHandlers } from './list-keys';
import { updateKeyHandlers } from './update-key';

export const keysRoutes = new Hono<AppEnv>()
  .use('*', requireAccount)
  .get('/', ...listKeysHandlers)
  .post('/', ...createKeyHandlers)
  .patch('/:id', ...updateKeyHandlers)
  .delete('/:id', ...deleteKeyHandlers);
