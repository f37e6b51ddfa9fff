import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { listDeadLetters, retryDeadLetter } from '../../services/integrations/dead-letters';

/** GET /api/integrations/{id}/dead-letters: callbacks given up, newest first, with the reason. */
export const listDeadLettersHandlers = factory.createHandlers(async (c) =>
  c.json(await listDeadLetters(accountContext(c), c.req.param('id') ?? '')),
);

/** POST /api/integrations/{id}/dead-letters/{letterId}/retry: tries one again from its first attempt. */
export const retryDeadLetterHandlers = factory.createHandlers(async (c) =>
  c.json(await retryDeadLetter(accountContext(c), c.req.param('id') ?? '', c.req.param('letterId') ?? '')),
);
