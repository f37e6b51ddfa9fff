import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { stopChat } from '../../services/chats/change-chat-state';

export const stopChatHandlers = factory.createHandlers(async (c) =>
  c.json(await stopChat(accountContext(c), c.req.param('id') ?? '')),
);
