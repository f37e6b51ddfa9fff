import { factory } from '../../http/factory';
import { describe } from '../../openapi/describe';
import { profileSchema } from '../../openapi/schemas/account';
import { profileView } from '../../services/profile/profile';

export const getProfileHandlers = factory.createHandlers(
  describe({
    tag: 'Account',
    summary: 'Get the profile',
    description:
      "The signed-in account's contact details, language, currency, role and notification recipients.",
    ok: { description: 'The profile.', schema: profileSchema },
  }),
  async (c) => c.json(await profileView(c.get('ports').db, c.get('account'))),
);
