import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { storageListSchema, storageSchema } from '../../openapi/schemas/knowledge';
import { createStorage, deleteStorage, listStorages, updateStorage } from '../../services/knowledge/storages';
import { createStorageSchema, updateStorageSchema } from '../../shared/schemas/storage';

export const listStoragesHandlers = factory.createHandlers(
  describe({
    tag: 'Knowledge',
    summary: 'List storages',
    description: 'Your knowledge storages, oldest first, with their sizes and the upload limits.',
    ok: { description: 'The storages and the limits.', schema: storageListSchema },
  }),
  async (c) => c.json(await listStorages(accountContext(c))),
);

export const createStorageHandlers = factory.createHandlers(
  describe({
    tag: 'Knowledge',
    summary: 'Create a storage',
    description:
      'A vector storage holds documents a bot searches for answers (needs pgvector in the database); a media storage holds files a bot sends.',
    ok: { status: 201, description: 'The new storage.', schema: storageSchema },
    errors: ['storages_limit', 'knowledge_unavailable'],
  }),
  jsonBody(createStorageSchema),
  async (c) => c.json(await createStorage(accountContext(c), c.req.valid('json')), 201),
);

export const updateStorageHandlers = factory.createHandlers(
  describe({
    tag: 'Knowledge',
    summary: 'Rename or describe a storage',
    ok: { description: 'The storage.', schema: storageSchema },
    errors: ['not_found'],
  }),
  jsonBody(updateStorageSchema),
  async (c) => c.json(await updateStorage(accountContext(c), c.req.param('id') ?? '', c.req.valid('json'))),
);

export const deleteStorageHandlers = factory.createHandlers(
  describe({
    tag: 'Knowledge',
    summary: 'Delete a storage',
    description: 'The storage goes with its files; bots that used it answer without it.',
    ok: { status: 204, description: 'Deleted.' },
    errors: ['not_found'],
  }),
  async (c) => {
    await deleteStorage(accountContext(c), c.req.param('id') ?? '');
    return c.body(null, 204);
  },
);
