import { serviceContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { messageSchema } from '../../openapi/schemas/account';
import { resetPassword } from '../../services/auth/password-reset';
import { resetPasswordSchema } from '../../shared/schemas/auth';

export const resetPasswordHandlers = factory.createHandlers(
  describe({
    tag: 'Account',
    summary: 'Set a new password with a reset code',
    description:
      'Checks the code from `POST /api/send-reset-code` (valid 15 minutes) and sets the new password; every session ends and every API key of the account is revoked.',
    ok: { description: 'The password is changed.', schema: messageSchema },
    errors: ['code_invalid', 'code_expired', 'code_attempts_exceeded', 'rate_limited'],
  }),
  jsonBody(resetPasswordSchema),
  async (c) => c.json(await resetPassword(serviceContext(c), c.req.valid('json'))),
);
