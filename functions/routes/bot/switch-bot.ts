import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { botSchema } from '../../openapi/schemas/bots';
import { switchBot } from '../../services/bots/bots';
import { switchBotSchema } from '../../shared/schemas/bot';

export const switchBotHandlers = factory.createHandlers(
  describe({
    tag: 'Bots',
    summary: 'Switch a bot on or off',
    description:
      'Sets `is_work`. Switching on needs settings without problems (the 422 lists them in `problems`) and a free place in a bots subscription or the demo (the 402 suggests what to buy in `suggestion`).',
    ok: { description: 'The bot after the change.', schema: botSchema },
    errors: ['not_found', 'bot_has_problems', 'subscription_required'],
  }),
  jsonBody(switchBotSchema),
  async (c) => {
    return c.json(await switchBot(accountContext(c), c.req.param('id') ?? '', c.req.valid('json').is_work));
  },
);
