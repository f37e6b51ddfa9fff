import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { botSchema } from '../../openapi/schemas/bots';
import { createBot } from '../../services/bots/create-bot';
import { createBotSchema } from '../../shared/schemas/bot';

export const createBotHandlers = factory.createHandlers(
  describe({
    tag: 'Bots',
    summary: 'Create a bot',
    description:
      'Makes a switched-off bot. Settings left out come from the defaults, or from the template given as `template_id` (in `lang`); the template’s required integrations must be connected.',
    ok: { status: 201, description: 'The new bot.', schema: botSchema },
    errors: ['bots_limit', 'template_integrations_missing'],
  }),
  jsonBody(createBotSchema),
  async (c) => {
    return c.json(await createBot(accountContext(c), c.req.valid('json')), 201);
  },
);
