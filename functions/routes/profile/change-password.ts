import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { messageSchema } from '../../openapi/schemas/account';
import { changePassword } from '../../services/profile/change-password';
import { changePasswordSchema } from '../../shared/schemas/profile';

export const changePasswordHandlers = factory.createHandlers(
  describe({
    tag: 'Account',
    summary: 'Change the password',
    description: 'Sets a new password and signs out every other session; the calling session stays.',
    ok: { description: 'The password is changed.', schema: messageSchema },
  }),
  jsonBody(changePasswordSchema),
  async (c) => c.json(await changePassword(accountContext(c), c.req.valid('json').new_password)),
);
