import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { checkMessageResultSchema } from '../../openapi/schemas/check';
import { sendCheckMessage } from '../../services/check/send-check-message';
import { checkMessageSchema } from '../../shared/schemas/check';

/** 202: the message is stored; the answer follows through the engine. */
export const sendMessageHandlers = factory.createHandlers(
  describe({
    tag: 'Check',
    summary: 'Write to a bot as a customer',
    description:
      "The message goes through the engine like any channel's (gates, accumulation, answer). The answer is not in this response: read the dialogue again, or follow the chat live.",
    ok: {
      status: 202,
      description: 'The message is stored; the answer follows.',
      schema: checkMessageResultSchema,
    },
    errors: ['not_found'],
  }),
  jsonBody(checkMessageSchema),
  async (c) => c.json(await sendCheckMessage(accountContext(c), c.req.valid('json')), 202),
);
