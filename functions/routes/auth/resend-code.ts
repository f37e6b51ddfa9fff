import { serviceContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { messageSchema } from '../../openapi/schemas/account';
import { resendVerificationCode } from '../../services/auth/verification';
import { emailOnlySchema } from '../../shared/schemas/auth';

export const resendCodeHandlers = factory.createHandlers(
  describe({
    tag: 'Account',
    summary: 'Send the confirmation code again',
    description:
      'Sends a new e-mail confirmation code to an unconfirmed account. The answer is the same whether or not the e-mail is registered.',
    ok: { description: 'Accepted.', schema: messageSchema },
    errors: ['rate_limited'],
  }),
  jsonBody(emailOnlySchema),
  async (c) => c.json(await resendVerificationCode(serviceContext(c), c.req.valid('json'))),
);
