import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { queryParams } from '../../http/validate';
import { getCheckDialogue } from '../../services/check/get-check-dialogue';
import { checkDialogueQuerySchema } from '../../shared/schemas/check';

export const getMessagesHandlers = factory.createHandlers(queryParams(checkDialogueQuerySchema), async (c) =>
  c.json(await getCheckDialogue(accountContext(c), c.req.valid('query').bot_id)),
);
