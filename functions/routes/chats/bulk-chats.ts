import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { bulkChatsResultSchema } from '../../openapi/schemas/chats';
import { bulkChats } from '../../services/chats/bulk-chats';
import { bulkChatsSchema } from '../../shared/schemas/chats';

export const bulkChatsHandlers = factory.createHandlers(
  describe({
    tag: 'Chats',
    summary: 'Act on many chats at once',
    description:
      'Pause (30 minutes, an hour, a day, for good), stop the bot in, or delete up to 100 chats. If any id is not one of your chats, nothing changes and the answer is 404.',
    ok: { description: 'The action and how many chats it changed.', schema: bulkChatsResultSchema },
    errors: ['not_found'],
  }),
  jsonBody(bulkChatsSchema),
  async (c) => c.json(await bulkChats(accountContext(c), c.req.valid('json'))),
);
