import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { describe } from '../../openapi/describe';
import { botSchema } from '../../openapi/schemas/bots';
import { getBot } from '../../services/bots/bots';

export const getBotHandlers = factory.createHandlers(
  describe({
    tag: 'Bots',
    summary: 'Get a bot',
    ok: { description: 'The bot.', schema: botSchema },
    errors: ['not_found'],
  }),
  async (c) => c.json(await getBot(accountContext(c), c.req.param('id') ?? '')),
);
