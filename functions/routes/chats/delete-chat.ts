import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { describe } from '../../openapi/describe';
import { deleteChat } from '../../services/chats/delete-chat';

export const deleteChatHandlers = factory.createHandlers(
  describe({
    tag: 'Chats',
    summary: 'Delete a chat',
    description:
      'The chat goes with its messages; an answer the bot was preparing is dropped. History rows stay.',
    ok: { status: 204, description: 'Deleted.' },
    errors: ['not_found'],
  }),
  async (c) => {
    await deleteChat(accountContext(c), c.req.param('id') ?? '');
    return c.body(null, 204);
  },
);
