import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { switchBot } from '../../services/bots/bots';
import { switchBotSchema } from '../../shared/schemas/bot';

export const switchBotHandlers = factory.createHandlers(jsonBody(switchBotSchema), async (c) => {
  return c.json(await switchBot(accountContext(c), c.req.param('id') ?? '', c.req.valid('json').is_work));
});
