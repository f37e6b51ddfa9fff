import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { describe } from '../../openapi/describe';
import { deleteKey } from '../../services/keys/api-keys';

export const deleteKeyHandlers = factory.createHandlers(
  describe({
    tag: 'API keys',
    summary: 'Delete an API key',
    description: 'Revokes the key at once: calls made with it are refused from then on.',
    ok: { status: 204, description: 'Deleted.' },
    errors: ['not_found'],
  }),
  async (c) => {
    await deleteKey(accountContext(c), c.req.param('id') ?? '');
    return c.body(null, 204);
  },
);
