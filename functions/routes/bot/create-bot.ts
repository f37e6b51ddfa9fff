import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { refusalResponse } from '../../http/refusal-response';
import { jsonBody } from '../../http/validate';
import { createBot } from '../../services/bots/create-bot';
import { createBotSchema } from '../../shared/schemas/bot';

export const createBotHandlers = factory.createHandlers(jsonBody(createBotSchema), async (c) => {
  const outcome = await createBot(accountContext(c), c.req.valid('json'));
  return outcome.ok ? c.json(outcome.value, 201) : refusalResponse(c, outcome.refusal);
});
