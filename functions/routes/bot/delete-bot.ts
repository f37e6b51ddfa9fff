import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { deleteBot } from '../../services/bots/bots';

export const deleteBotHandlers = factory.createHandlers(async (c) => {
  await deleteBot(accountContext(c), c.req.param('id') ?? '');
  return c.body(null, 204);
});
