import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { listBots } from '../../services/bots/bots';

export const listBotsHandlers = factory.createHandlers(async (c) =>
  c.json(await listBots(accountContext(c))),
);
