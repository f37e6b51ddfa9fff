import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { describe } from '../../openapi/describe';
import { deleteBot } from '../../services/bots/bots';

export const deleteBotHandlers = factory.createHandlers(
  describe({
    tag: 'Bots',
    summary: 'Delete a bot',
    ok: { status: 204, description: 'Deleted.' },
    errors: ['not_found'],
  }),
  async (c) => {
    await deleteBot(accountContext(c), c.req.param('id') ?? '');
    return c.body(null, 204);
  },
);
