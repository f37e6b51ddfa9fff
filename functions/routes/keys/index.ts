import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { requireAccount } from '../../http/require-account';
import { requireSession } from '../../http/require-session';
import { createKeyHandlers } from './create-key';
import { deleteKeyHandlers } from './delete-key';
import { listKeysHandlers } from './list-keys';
import { updateKeyHandlers } from './update-key';

export const keysRoutes = new Hono<AppEnv>()
  .use('*', requireAccount)
  // An API key cannot list, mint, rename or delete keys: that stays with a signed-in person.
  .use('*', requireSession)
  .get('/', ...listKeysHandlers)
  .post('/', ...createKeyHandlers)
  .patch('/:id', ...updateKeyHandlers)
  .delete('/:id', ...deleteKeyHandlers);
