import { serviceContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { messageSchema } from '../../openapi/schemas/account';
import { verifyEmail } from '../../services/auth/verification';
import { verifyEmailSchema } from '../../shared/schemas/auth';

export const verifyEmailHandlers = factory.createHandlers(
  describe({
    tag: 'Account',
    summary: 'Confirm the e-mail',
    description: 'Checks the code e-mailed at registration; after it the account can sign in.',
    ok: { description: 'The e-mail is confirmed.', schema: messageSchema },
    errors: ['code_invalid', 'code_expired', 'code_attempts_exceeded', 'rate_limited'],
  }),
  jsonBody(verifyEmailSchema),
  async (c) => c.json(await verifyEmail(serviceContext(c), c.req.valid('json'))),
);
