import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { describe } from '../../openapi/describe';
import { leftPartnerSchema } from '../../openapi/schemas/account';
import { leavePartner } from '../../services/partner/end-relation';

/** DELETE /api/profile/partner: the client leaves its partner, in person. */
export const leavePartnerHandlers = factory.createHandlers(
  describe({
    tag: 'Account',
    summary: 'Leave the partner',
    description:
      "Ends the account's relation with its partner, who then no longer sees or manages it. Only the account's owner in person: not an API key, not a session the partner opened.",
    ok: { description: 'The account has no partner (also when it had none).', schema: leftPartnerSchema },
  }),
  async (c) => c.json(await leavePartner(accountContext(c))),
);
