import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { queryParams } from '../../http/validate';
import { clearCheckDialogue } from '../../services/check/clear-check-dialogue';
import { checkDialogueQuerySchema } from '../../shared/schemas/check';

export const clearMessagesHandlers = factory.createHandlers(
  queryParams(checkDialogueQuerySchema),
  async (c) => {
    await clearCheckDialogue(accountContext(c), c.req.valid('query').bot_id);
    return c.body(null, 204);
  },
);
