import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { operatorMessageResultSchema } from '../../openapi/schemas/chats';
import { sendOperatorMessage } from '../../services/chats/send-operator-message';
import { operatorMessageSchema } from '../../shared/schemas/chats';

export const sendMessageHandlers = factory.createHandlers(
  describe({
    tag: 'Chats',
    summary: 'Answer in a chat as a manager',
    description:
      "The message is stored as the operator's and sent to the customer through the chat's channel; like a manager's message in the channel itself, it may pause the bot by the bot's settings.",
    ok: {
      status: 201,
      description: "The message and the chat's state after it.",
      schema: operatorMessageResultSchema,
    },
    errors: ['not_found'],
  }),
  jsonBody(operatorMessageSchema),
  async (c) =>
    c.json(await sendOperatorMessage(accountContext(c), c.req.param('id') ?? '', c.req.valid('json')), 201),
);
