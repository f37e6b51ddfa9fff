import { Hono } from 'hono';
import { accountContext } from '../../http/context';
import type { AppEnv } from '../../http/env';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import {
  createReferralLink,
  deleteReferralLink,
  listReferralLinks,
  updateReferralLink,
} from '../../services/partner/referral-links';
import { createReferralLinkSchema, updateReferralLinkSchema } from '../../shared/schemas/partner';

/** A partner's referral links (SPEC §3 Partner referral link). */
const list = factory.createHandlers(async (c) => c.json(await listReferralLinks(accountContext(c))));

const create = factory.createHandlers(jsonBody(createReferralLinkSchema), async (c) =>
  c.json(await createReferralLink(accountContext(c), c.req.valid('json')), 201),
);

const update = factory.createHandlers(jsonBody(updateReferralLinkSchema), async (c) =>
  c.json(await updateReferralLink(accountContext(c), c.req.param('id') ?? '', c.req.valid('json'))),
);

const remove = factory.createHandlers(async (c) => {
  await deleteReferralLink(accountContext(c), c.req.param('id') ?? '');
  return c.body(null, 204);
});

export const referralLinkRoutes = new Hono<AppEnv>()
  .get('/', ...list)
  .post('/', ...create)
  .patch('/:id', ...update)
  .delete('/:id', ...remove);
