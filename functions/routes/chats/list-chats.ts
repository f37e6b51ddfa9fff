import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { queryParams } from '../../http/validate';
import { listChats } from '../../services/chats/list-chats';
import { chatsQuerySchema } from '../../shared/schemas/chats';

export const listChatsHandlers = factory.createHandlers(queryParams(chatsQuerySchema), async (c) =>
  c.json(await listChats(accountContext(c), c.req.valid('query'))),
);
