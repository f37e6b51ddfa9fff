import { serviceContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { resendVerificationCode } from '../../services/auth/verification';
import { emailOnlySchema } from '../../shared/schemas/auth';

export const resendCodeHandlers = factory.createHandlers(jsonBody(emailOnlySchema), async (c) =>
  c.json(await resendVerificationCode(serviceContext(c), c.req.valid('json'))),
);
