import { serviceContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { sendResetCode } from '../../services/auth/password-reset';
import { emailOnlySchema } from '../../shared/schemas/auth';

export const sendResetCodeHandlers = factory.createHandlers(jsonBody(emailOnlySchema), async (c) =>
  c.json(await sendResetCode(serviceContext(c), c.req.valid('json'))),
);
