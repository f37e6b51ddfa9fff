import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { createStorage, deleteStorage, listStorages, updateStorage } from '../../services/knowledge/storages';
import { createStorageSchema, updateStorageSchema } from '../../shared/schemas/storage';

export const listStoragesHandlers = factory.createHandlers(async (c) =>
  c.json(await listStorages(accountContext(c))),
);

export const createStorageHandlers = factory.createHandlers(jsonBody(createStorageSchema), async (c) =>
  c.json(await createStorage(accountContext(c), c.req.valid('json')), 201),
);

export const updateStorageHandlers = factory.createHandlers(jsonBody(updateStorageSchema), async (c) =>
  c.json(await updateStorage(accountContext(c), c.req.param('id') ?? '', c.req.valid('json'))),
);

export const deleteStorageHandlers = factory.createHandlers(async (c) => {
  await deleteStorage(accountContext(c), c.req.param('id') ?? '');
  return c.body(null, 204);
});
