import { Hono } from 'hono';
import type { AppEnv } from '../../http/env';
import { requireAccount } from '../../http/require-account';
import { fileContentHandlers } from './file-content';
import {
  deleteFileHandlers,
  listFilesHandlers,
  retryFileHandlers,
  updateFileHandlers,
  uploadFileHandlers,
} from './file-handlers';
import {
  createStorageHandlers,
  deleteStorageHandlers,
  listStoragesHandlers,
  updateStorageHandlers,
} from './storage-handlers';

/** Knowledge storages and their files (SPEC §2 storage modal, §3 Storage and File). */
export const storagesRoutes = new Hono<AppEnv>()
  .use('*', requireAccount)
  .get('/', ...listStoragesHandlers)
  .post('/', ...createStorageHandlers)
  .patch('/:id', ...updateStorageHandlers)
  .delete('/:id', ...deleteStorageHandlers)
  .get('/:id/files', ...listFilesHandlers)
  .post('/:id/files', ...uploadFileHandlers)
  .patch('/:id/files/:fileId', ...updateFileHandlers)
  .delete('/:id/files/:fileId', ...deleteFileHandlers)
  .post('/:id/files/:fileId/retry', ...retryFileHandlers)
  .get('/:id/files/:fileId/content', ...fileContentHandlers);

/** The one route whose body may be a file, and its limit. */
export const UPLOAD_PATH = /^\/api\/storages\/[^/]+\/files$/;
