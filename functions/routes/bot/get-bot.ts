import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { getBot } from '../../services/bots/bots';

export const getBotHandlers = factory.createHandlers(async (c) =>
  c.json(await getBot(accountContext(c), c.req.param('id') ?? '')),
);
