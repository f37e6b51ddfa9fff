import { serviceContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { sessionSchema } from '../../openapi/schemas/account';
import { login } from '../../services/auth/login';
import { loginSchema } from '../../shared/schemas/auth';

export const loginHandlers = factory.createHandlers(
  describe({
    tag: 'Account',
    summary: 'Sign in',
    description:
      'Checks the e-mail and password and answers with a session token. The e-mail must be confirmed first; repeated failures from one address or for one e-mail are throttled (429).',
    ok: { description: 'A new session.', schema: sessionSchema },
    errors: ['invalid_credentials', 'email_not_verified', 'rate_limited'],
  }),
  jsonBody(loginSchema),
  async (c) => c.json(await login(serviceContext(c), c.req.valid('json'))),
);
