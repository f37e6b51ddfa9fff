import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { describe } from '../../openapi/describe';
import { chatSummarySchema } from '../../openapi/schemas/chats';
import { summarizeChat } from '../../services/chats/summarize-chat';

export const summarizeChatHandlers = factory.createHandlers(
  describe({
    tag: 'Chats',
    summary: 'Summarise a chat',
    description:
      "A few sentences on what the customer wants and what is still open, written by the bot's model from the newest 200 messages. Charged like an answer (a History row 'summary'); limited to 10 a minute per account; not stored in the dialogue.",
    ok: { description: 'The summary.', schema: chatSummarySchema },
    errors: ['not_found', 'rate_limited', 'low_balance', 'upstream_failed'],
  }),
  async (c) => c.json(await summarizeChat(accountContext(c), c.req.param('id') ?? '')),
);
