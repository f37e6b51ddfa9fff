import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { describe } from '../../openapi/describe';
import { chatStateSchema } from '../../openapi/schemas/chats';
import { stopChat } from '../../services/chats/change-chat-state';

export const stopChatHandlers = factory.createHandlers(
  describe({
    tag: 'Chats',
    summary: 'Stop the bot in a chat',
    description: 'The bot stays silent in this chat until it is started again.',
    ok: { description: "The chat's new state.", schema: chatStateSchema },
    errors: ['not_found'],
  }),
  async (c) => c.json(await stopChat(accountContext(c), c.req.param('id') ?? '')),
);
