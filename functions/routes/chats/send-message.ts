import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { sendOperatorMessage } from '../../services/chats/send-operator-message';
import { operatorMessageSchema } from '../../shared/schemas/chats';

export const sendMessageHandlers = factory.createHandlers(jsonBody(operatorMessageSchema), async (c) =>
  c.json(await sendOperatorMessage(accountContext(c), c.req.param('id') ?? '', c.req.valid('json')), 201),
);
