import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { queryParams } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { checkDialogueSchema } from '../../openapi/schemas/check';
import { getCheckDialogue } from '../../services/check/get-check-dialogue';
import { checkDialogueQuerySchema } from '../../shared/schemas/check';

export const getMessagesHandlers = factory.createHandlers(
  describe({
    tag: 'Check',
    summary: 'Get the check dialogue with a bot',
    description:
      'Your own test dialogue with one of your bots (the channel `check`), each answer with its price, and when a pending answer is due.',
    ok: { description: 'The dialogue.', schema: checkDialogueSchema },
    errors: ['not_found'],
  }),
  queryParams(checkDialogueQuerySchema),
  async (c) => c.json(await getCheckDialogue(accountContext(c), c.req.valid('query').bot_id)),
);
