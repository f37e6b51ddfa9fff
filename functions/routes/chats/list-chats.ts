import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { queryParams } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { chatListSchema } from '../../openapi/schemas/chats';
import { listChats } from '../../services/chats/list-chats';
import { chatsQuerySchema } from '../../shared/schemas/chats';

export const listChatsHandlers = factory.createHandlers(
  describe({
    tag: 'Chats',
    summary: 'List chats',
    description:
      'The latest conversation first, each with its last message and unread count; filter by state or search text, name, phone or username.',
    ok: { description: 'One page of chats.', schema: chatListSchema },
  }),
  queryParams(chatsQuerySchema),
  async (c) => c.json(await listChats(accountContext(c), c.req.valid('query'))),
);
