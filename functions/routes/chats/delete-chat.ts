import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { deleteChat } from '../../services/chats/delete-chat';

export const deleteChatHandlers = factory.createHandlers(async (c) => {
  await deleteChat(accountContext(c), c.req.param('id') ?? '');
  return c.body(null, 204);
});
