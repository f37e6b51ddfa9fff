import { Hono } from 'hono';
import { accountContext } from '../../http/context';
import type { AppEnv } from '../../http/env';
import { factory } from '../../http/factory';
import { requireAccount } from '../../http/require-account';
import { requireSession } from '../../http/require-session';
import { jsonBody } from '../../http/validate';
import { createClient } from '../../services/partner/create-client';
import { releaseClient } from '../../services/partner/end-relation';
import { listClients } from '../../services/partner/list-clients';
import { switchIntoClient } from '../../services/partner/switch-into-client';
import { createClientSchema } from '../../shared/schemas/partner';

/** The partner cabinet (SPEC §2 Partner, §6): a signed-in partner's clients. */
const list = factory.createHandlers(async (c) =>
  c.json(await listClients(accountContext(c), { q: c.req.query('q'), page: c.req.query('page') })),
);

const create = factory.createHandlers(jsonBody(createClientSchema), async (c) =>
  c.json(await createClient(accountContext(c), c.req.valid('json')), 201),
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
  .post('/clients/:id/session', ...switchIn)
  .delete('/clients/:id', ...release);
