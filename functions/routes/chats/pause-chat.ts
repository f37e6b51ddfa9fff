import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { chatStateSchema } from '../../openapi/schemas/chats';
import { pauseChat } from '../../services/chats/change-chat-state';
import { pauseChatSchema } from '../../shared/schemas/chats';

export const pauseChatHandlers = factory.createHandlers(
  describe({
    tag: 'Chats',
    summary: 'Pause the bot in a chat',
    description: 'Pause codes: 1 for good, 2 a day, 3 an hour, 4 ten minutes; `null` resumes the bot.',
    ok: { description: "The chat's new state.", schema: chatStateSchema },
    errors: ['not_found'],
  }),
  jsonBody(pauseChatSchema),
  async (c) => c.json(await pauseChat(accountContext(c), c.req.param('id') ?? '', c.req.valid('json').code)),
);
