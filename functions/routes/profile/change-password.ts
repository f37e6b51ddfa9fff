import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { changePassword } from '../../services/profile/change-password';
import { changePasswordSchema } from '../../shared/schemas/profile';

export const changePasswordHandlers = factory.createHandlers(jsonBody(changePasswordSchema), async (c) =>
  c.json(await changePassword(accountContext(c), c.req.valid('json').new_password)),
);
