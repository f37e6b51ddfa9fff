import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { createBot } from '../../services/bots/create-bot';
import { createBotSchema } from '../../shared/schemas/bot';

export const createBotHandlers = factory.createHandlers(jsonBody(createBotSchema), async (c) => {
  return c.json(await createBot(accountContext(c), c.req.valid('json')), 201);
});
