import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { queryParams } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { clearCheckDialogue } from '../../services/check/clear-check-dialogue';
import { checkDialogueQuerySchema } from '../../shared/schemas/check';

export const clearMessagesHandlers = factory.createHandlers(
  describe({
    tag: 'Check',
    summary: 'Start the check dialogue over',
    description:
      'The test chat goes with its messages, variables and stop; a pending answer is dropped. History rows stay.',
    ok: { status: 204, description: 'Cleared (also when there was no dialogue).' },
    errors: ['not_found'],
  }),

  queryParams(checkDialogueQuerySchema),
  async (c) => {
    await clearCheckDialogue(accountContext(c), c.req.valid('query').bot_id);
    return c.body(null, 204);
  },
);
