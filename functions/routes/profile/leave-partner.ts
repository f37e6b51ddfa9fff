import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { leavePartner } from '../../services/partner/end-relation';

/** DELETE /api/profile/partner: the client leaves its partner, in person. */
export const leavePartnerHandlers = factory.createHandlers(async (c) =>
  c.json(await leavePartner(accountContext(c))),
);
