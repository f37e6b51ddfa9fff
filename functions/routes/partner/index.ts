import { Hono } from 'hono';
import { accountContext } from '../../http/context';
import type { AppEnv } from '../../http/env';
import { factory } from '../../http/factory';
import { requireAccount } from '../../http/require-account';
import { requireSession } from '../../http/require-session';
import { jsonBody } from '../../http/validate';
import { askToAttach, confirmAttach } from '../../services/partner/attach-client';
import { createClient } from '../../services/partner/create-client';
import { releaseClient } from '../../services/partner/end-relation';
import { listClients } from '../../services/partner/list-clients';
import { switchIntoClient } from '../../services/partner/switch-into-client';
import { attachClientSchema, confirmAttachSchema, createClientSchema } from '../../shared/schemas/partner';
import { moneyRoutes } from './money';
import { referralLinkRoutes } from './referral-links';

/** The partner cabinet (SPEC §2 Partner, §6): a signed-in partner's clients. */
const list = factory.createHandlers(async (c) =>
  c.json(await listClients(accountContext(c), { q: c.req.query('q'), page: c.req.query('page') })),
);

const create = factory.createHandlers(jsonBody(createClientSchema), async (c) =>
  c.json(await createClient(accountContext(c), c.req.valid('json')), 201),
);

const attach = factory.createHandlers(jsonBody(attachClientSchema), async (c) =>
  c.json(await askToAttach(accountContext(c), c.req.valid('json')), 202),
);

const confirm = factory.createHandlers(jsonBody(confirmAttachSchema), async (c) =>
  c.json(await confirmAttach(accountContext(c), c.req.valid('json'))),
);

const switchIn = factory.createHandlers(async (c) =>
  c.json(await switchIntoClient(accountContext(c), c.req.param('id') ?? '')),
);

const release = factory.createHandlers(async (c) => {
  await releaseClient(accountContext(c), c.req.param('id') ?? '');
  return c.body(null, 204);
});

export const partnerRoutes = new Hono<AppEnv>()
  .use('*', requireAccount)
  // A partner acts in person: an API key cannot open its clients' accounts.
  .use('*', requireSession)
  .get('/clients', ...list)
  .post('/clients', ...create)
  .post('/clients/attach', ...attach)
  .post('/clients/attach/confirm', ...confirm)
  .post('/clients/:id/session', ...switchIn)
  .delete('/clients/:id', ...release)
  .route('/', moneyRoutes)
  .route('/referral-links', referralLinkRoutes);
