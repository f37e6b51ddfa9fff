import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { sendCheckMessage } from '../../services/check/send-check-message';
import { checkMessageSchema } from '../../shared/schemas/check';

/** 202: the message is stored; the answer follows through the engine. */
export const sendMessageHandlers = factory.createHandlers(jsonBody(checkMessageSchema), async (c) =>
  c.json(await sendCheckMessage(accountContext(c), c.req.valid('json')), 202),
);
