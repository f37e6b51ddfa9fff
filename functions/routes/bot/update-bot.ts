import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { botSchema } from '../../openapi/schemas/bots';
import { updateBot } from '../../services/bots/bots';
import { botSettingsSchema } from '../../shared/schemas/bot';

export const updateBotHandlers = factory.createHandlers(
  describe({
    tag: 'Bots',
    summary: 'Update a bot’s settings',
    description:
      'The settings given replace the stored ones; the rest stay. A working bot whose new settings have problems is switched off.',
    ok: { description: 'The bot after the change.', schema: botSchema },
    errors: ['not_found'],
  }),
  jsonBody(botSettingsSchema),
  async (c) => c.json(await updateBot(accountContext(c), c.req.param('id') ?? '', c.req.valid('json'))),
);
