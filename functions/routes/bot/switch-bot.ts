import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { refusalResponse } from '../../http/refusal-response';
import { jsonBody } from '../../http/validate';
import { switchBot } from '../../services/bots/bots';
import { switchBotSchema } from '../../shared/schemas/bot';

export const switchBotHandlers = factory.createHandlers(jsonBody(switchBotSchema), async (c) => {
  const outcome = await switchBot(accountContext(c), c.req.param('id') ?? '', c.req.valid('json').is_work);
  return outcome.ok ? c.json(outcome.value) : refusalResponse(c, outcome.refusal);
});
