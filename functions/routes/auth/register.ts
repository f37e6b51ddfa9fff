import { serviceContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { registeredSchema } from '../../openapi/schemas/account';
import { register } from '../../services/auth/register';
import { registerSchema } from '../../shared/schemas/auth';

export const registerHandlers = factory.createHandlers(
  describe({
    tag: 'Account',
    summary: 'Register an account',
    description:
      'Creates an unconfirmed account and e-mails a confirmation code; sign-in works after `POST /api/verify-email`.',
    ok: { status: 201, description: 'Registered; the code is on its way.', schema: registeredSchema },
    errors: ['email_taken', 'rate_limited'],
  }),
  jsonBody(registerSchema),
  async (c) => c.json(await register(serviceContext(c), c.req.valid('json')), 201),
);
