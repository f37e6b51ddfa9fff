import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { describe } from '../../openapi/describe';
import { deadLettersSchema, okSchema } from '../../openapi/schemas/integrations';
import { listDeadLetters, retryDeadLetter } from '../../services/integrations/dead-letters';

/** GET /api/integrations/{id}/dead-letters: callbacks given up, newest first, with the reason. */
export const listDeadLettersHandlers = factory.createHandlers(
  describe({
    tag: 'Integrations',
    summary: "List an API channel's failed callbacks",
    description:
      'Callbacks to your address that were given up after their retries, newest first, with the reason.',
    ok: { description: 'The failed callbacks.', schema: deadLettersSchema },
    errors: ['not_found'],
  }),
  async (c) => c.json(await listDeadLetters(accountContext(c), c.req.param('id') ?? '')),
);

/** POST /api/integrations/{id}/dead-letters/{letterId}/retry: tries one again from its first attempt. */
export const retryDeadLetterHandlers = factory.createHandlers(
  describe({
    tag: 'Integrations',
    summary: 'Retry a failed callback',
    description: 'The callback is tried again from its first attempt.',
    ok: { description: 'Queued again.', schema: okSchema },
    errors: ['not_found'],
  }),
  async (c) =>
    c.json(await retryDeadLetter(accountContext(c), c.req.param('id') ?? '', c.req.param('letterId') ?? '')),
);
