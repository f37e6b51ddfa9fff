import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { profileSchema } from '../../openapi/schemas/account';
import { updateProfile } from '../../services/profile/profile';
import { updateProfileSchema } from '../../shared/schemas/profile';

export const updateProfileHandlers = factory.createHandlers(
  describe({
    tag: 'Account',
    summary: 'Update the profile',
    description:
      'Changes any of name, phone, language, currency and role. The currency cannot change once the account has paid in it or has a payment open.',
    ok: { description: 'The profile after the change.', schema: profileSchema },
    errors: ['currency_locked'],
  }),
  jsonBody(updateProfileSchema),
  async (c) => c.json(await updateProfile(accountContext(c), c.req.valid('json'))),
);
