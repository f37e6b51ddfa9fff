import { serviceContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { verifyEmail } from '../../services/auth/verification';
import { verifyEmailSchema } from '../../shared/schemas/auth';

export const verifyEmailHandlers = factory.createHandlers(jsonBody(verifyEmailSchema), async (c) =>
  c.json(await verifyEmail(serviceContext(c), c.req.valid('json'))),
);
