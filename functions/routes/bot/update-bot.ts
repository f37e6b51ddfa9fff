import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { updateBot } from '../../services/bots/bots';
import { botSettingsSchema } from '../../shared/schemas/bot';

export const updateBotHandlers = factory.createHandlers(jsonBody(botSettingsSchema), async (c) =>
  c.json(await updateBot(accountContext(c), c.req.param('id') ?? '', c.req.valid('json'))),
);
