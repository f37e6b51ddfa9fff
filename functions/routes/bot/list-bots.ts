import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { describe } from '../../openapi/describe';
import { botListSchema } from '../../openapi/schemas/bots';
import { listBots } from '../../services/bots/bots';

export const listBotsHandlers = factory.createHandlers(
  describe({
    tag: 'Bots',
    summary: 'List bots',
    description: "The account's bots with all their settings, state, problems and subscription coverage.",
    ok: { description: 'The bots.', schema: botListSchema },
  }),
  async (c) => c.json(await listBots(accountContext(c))),
);
