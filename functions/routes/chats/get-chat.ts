import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { queryParams } from '../../http/validate';
import { getChat } from '../../services/chats/get-chat';
import { chatMessagesQuerySchema } from '../../shared/schemas/chats';

export const getChatHandlers = factory.createHandlers(queryParams(chatMessagesQuerySchema), async (c) =>
  c.json(await getChat(accountContext(c), c.req.param('id') ?? '', c.req.valid('query'))),
);
