import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { getChat } from '../../services/chats/get-chat';

export const getChatHandlers = factory.createHandlers(async (c) =>
  c.json(await getChat(accountContext(c), c.req.param('id') ?? '')),
);
