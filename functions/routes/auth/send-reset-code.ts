import { serviceContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { messageSchema } from '../../openapi/schemas/account';
import { sendResetCode } from '../../services/auth/password-reset';
import { emailOnlySchema } from '../../shared/schemas/auth';

export const sendResetCodeHandlers = factory.createHandlers(
  describe({
    tag: 'Account',
    summary: 'Send a password reset code',
    description:
      'E-mails a code for `POST /api/reset-password`. The answer is the same whether or not the e-mail is registered.',
    ok: { description: 'Accepted.', schema: messageSchema },
    errors: ['rate_limited'],
  }),
  jsonBody(emailOnlySchema),
  async (c) => c.json(await sendResetCode(serviceContext(c), c.req.valid('json'))),
);
