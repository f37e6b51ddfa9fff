import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { describe } from '../../openapi/describe';
import { chatStateSchema } from '../../openapi/schemas/chats';
import { startChat } from '../../services/chats/change-chat-state';

export const startChatHandlers = factory.createHandlers(
  describe({
    tag: 'Chats',
    summary: 'Start the bot in a chat',
    description: 'The bot answers in this chat again, whatever paused or stopped it.',
    ok: { description: "The chat's new state.", schema: chatStateSchema },
    errors: ['not_found'],
  }),
  async (c) => c.json(await startChat(accountContext(c), c.req.param('id') ?? '')),
);
