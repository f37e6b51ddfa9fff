import { serviceContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { resetPassword } from '../../services/auth/password-reset';
import { resetPasswordSchema } from '../../shared/schemas/auth';

export const resetPasswordHandlers = factory.createHandlers(jsonBody(resetPasswordSchema), async (c) =>
  c.json(await resetPassword(serviceContext(c), c.req.valid('json'))),
);
