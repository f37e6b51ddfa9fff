import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { queryParams } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { chatWithMessagesSchema } from '../../openapi/schemas/chats';
import { getChat } from '../../services/chats/get-chat';
import { chatMessagesQuerySchema } from '../../shared/schemas/chats';

export const getChatHandlers = factory.createHandlers(
  describe({
    tag: 'Chats',
    summary: 'Get a chat with its messages',
    description:
      'The chat and one page of its dialogue (the newest messages, or those before `before`), each bot answer with its price. Opening the newest page marks the chat read.',
    ok: { description: 'The chat and a page of its messages.', schema: chatWithMessagesSchema },
    errors: ['not_found'],
  }),
  queryParams(chatMessagesQuerySchema),
  async (c) => c.json(await getChat(accountContext(c), c.req.param('id') ?? '', c.req.valid('query'))),
);
