import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { pauseChat } from '../../services/chats/change-chat-state';
import { pauseChatSchema } from '../../shared/schemas/chats';

export const pauseChatHandlers = factory.createHandlers(jsonBody(pauseChatSchema), async (c) =>
  c.json(await pauseChat(accountContext(c), c.req.param('id') ?? '', c.req.valid('json').code)),
);
