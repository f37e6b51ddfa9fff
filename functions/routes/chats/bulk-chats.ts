import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { bulkChats } from '../../services/chats/bulk-chats';
import { bulkChatsSchema } from '../../shared/schemas/chats';

export const bulkChatsHandlers = factory.createHandlers(jsonBody(bulkChatsSchema), async (c) =>
  c.json(await bulkChats(accountContext(c), c.req.valid('json'))),
);
