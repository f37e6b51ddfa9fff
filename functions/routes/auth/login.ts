import { serviceContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { login } from '../../services/auth/login';
import { loginSchema } from '../../shared/schemas/auth';

export const loginHandlers = factory.createHandlers(jsonBody(loginSchema), async (c) =>
  c.json(await login(serviceContext(c), c.req.valid('json'))),
);
