import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { deleteKey } from '../../services/keys/api-keys';

export const deleteKeyHandlers = factory.createHandlers(async (c) => {
  await deleteKey(accountContext(c), c.req.param('id') ?? '');
  return c.body(null, 204);
});
