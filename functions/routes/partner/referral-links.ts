import { Hono } from 'hono';
import { accountContext } from '../../http/context';
import type { AppEnv } from '../../http/env';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { referralLinkItemSchema, referralLinkListSchema } from '../../openapi/schemas/partner';
import {
  createReferralLink,
  deleteReferralLink,
  listReferralLinks,
  updateReferralLink,
} from '../../services/partner/referral-links';
import { createReferralLinkSchema, updateReferralLinkSchema } from '../../shared/schemas/partner';

/** A partner's referral links (SPEC §3 Partner referral link). */
const list = factory.createHandlers(
  describe({
    tag: 'Partner',
    summary: 'List referral links',
    description: "The partner's sign-up links, each with its registrations and paying accounts.",
    ok: { description: 'The links.', schema: referralLinkListSchema },
    errors: ['partner_only'],
  }),
  async (c) => c.json(await listReferralLinks(accountContext(c))),
);

const create = factory.createHandlers(
  describe({
    tag: 'Partner',
    summary: 'Create a referral link',
    description:
      'A named sign-up link with optional UTM tags; accounts registered through it become the partner’s.',
    ok: { status: 201, description: 'The new link.', schema: referralLinkItemSchema },
    errors: ['partner_only'],
  }),
  jsonBody(createReferralLinkSchema),
  async (c) => c.json(await createReferralLink(accountContext(c), c.req.valid('json')), 201),
);

const update = factory.createHandlers(
  describe({
    tag: 'Partner',
    summary: 'Update a referral link',
    ok: { description: 'The link.', schema: referralLinkItemSchema },
    errors: ['partner_only', 'not_found'],
  }),
  jsonBody(updateReferralLinkSchema),
  async (c) =>
    c.json(await updateReferralLink(accountContext(c), c.req.param('id') ?? '', c.req.valid('json'))),
);

const remove = factory.createHandlers(
  describe({
    tag: 'Partner',
    summary: 'Delete a referral link',
    ok: { status: 204, description: 'Deleted.' },
    errors: ['partner_only', 'not_found'],
  }),
  async (c) => {
    await deleteReferralLink(accountContext(c), c.req.param('id') ?? '');
    return c.body(null, 204);
  },
);

export const referralLinkRoutes = new Hono<AppEnv>()
  .get('/', ...list)
  .post('/', ...create)
  .patch('/:id', ...update)
  .delete('/:id', ...remove);
