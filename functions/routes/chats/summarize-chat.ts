import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { summarizeChat } from '../../services/chats/summarize-chat';

export const summarizeChatHandlers = factory.createHandlers(async (c) =>
  c.json(await summarizeChat(accountContext(c), c.req.param('id') ?? '')),
);
