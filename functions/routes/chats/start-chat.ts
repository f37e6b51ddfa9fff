import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { startChat } from '../../services/chats/change-chat-state';

export const startChatHandlers = factory.createHandlers(async (c) =>
  c.json(await startChat(accountContext(c), c.req.param('id') ?? '')),
);
