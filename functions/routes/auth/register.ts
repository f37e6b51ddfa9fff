import { serviceContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { register } from '../../services/auth/register';
import { registerSchema } from '../../shared/schemas/auth';

export const registerHandlers = factory.createHandlers(jsonBody(registerSchema), async (c) =>
  c.json(await register(serviceContext(c), c.req.valid('json')), 201),
);
