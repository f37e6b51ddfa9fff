import { Hono } from 'hono';
import { accountContext } from '../../http/context';
import type { AppEnv } from '../../http/env';
import { factory } from '../../http/factory';
import { requireAccount } from '../../http/require-account';
import { jsonBody, queryParams } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { messageSchema } from '../../openapi/schemas/account';
import { clientListSchema, clientSchema, clientSessionSchema } from '../../openapi/schemas/partner';
import { askToAttach, confirmAttach } from '../../services/partner/attach-client';
import { createClient } from '../../services/partner/create-client';
import { releaseClient } from '../../services/partner/end-relation';
import { listClients } from '../../services/partner/list-clients';
import { switchIntoClient } from '../../services/partner/switch-into-client';
import {
  attachClientSchema,
  clientsQuerySchema,
  confirmAttachSchema,
  createClientSchema,
} from '../../shared/schemas/partner';
import { moneyRoutes } from './money';
import { referralLinkRoutes } from './referral-links';

/** The partner cabinet (SPEC §2 Partner, §6): a signed-in partner's clients. */
const list = factory.createHandlers(
  describe({
    tag: 'Partner',
    summary: 'List clients',
    description:
      "The partner's clients, newest first, 20 a page (`?page=`), found by name or e-mail (`?q=`), each with its balance in its own currency, bots switched on and last activity.",
    ok: { description: 'One page of clients.', schema: clientListSchema },
    errors: ['partner_only', 'validation_failed'],
  }),
  queryParams(clientsQuerySchema),
  async (c) => c.json(await listClients(accountContext(c), c.req.valid('query'))),
);

const create = factory.createHandlers(
  describe({
    tag: 'Partner',
    summary: 'Create a client account',
    description:
      'Makes a new account that belongs to the partner, with its own demo period; the client is e-mailed a code to set a password. An e-mail that has an account already is refused: attach it instead.',
    ok: { status: 201, description: 'The new client.', schema: clientSchema },
    errors: ['partner_only', 'email_taken'],
  }),
  jsonBody(createClientSchema),
  async (c) => c.json(await createClient(accountContext(c), c.req.valid('json')), 201),
);

const attach = factory.createHandlers(
  describe({
    tag: 'Partner',
    summary: 'Ask to attach an existing account',
    description:
      "E-mails the account's owner a code for this partner; the owner gives it to the partner, who confirms with `POST /api/partner/clients/attach/confirm`. The answer does not tell whether the address has an account.",
    ok: { status: 202, description: 'Accepted.', schema: messageSchema },
    errors: ['partner_only', 'rate_limited'],
  }),
  jsonBody(attachClientSchema),
  async (c) => c.json(await askToAttach(accountContext(c), c.req.valid('json')), 202),
);

const confirm = factory.createHandlers(
  describe({
    tag: 'Partner',
    summary: 'Confirm attaching an account',
    description:
      'Checks the code the owner received; the account becomes the partner’s client. An account that is a partner or already has one cannot be attached.',
    ok: { description: 'The new client.', schema: clientSchema },
    errors: [
      'partner_only',
      'code_invalid',
      'code_expired',
      'code_attempts_exceeded',
      'client_has_partner',
      'rate_limited',
    ],
  }),
  jsonBody(confirmAttachSchema),
  async (c) => c.json(await confirmAttach(accountContext(c), c.req.valid('json'))),
);

const switchIn = factory.createHandlers(
  describe({
    tag: 'Partner',
    summary: "Open a client's account",
    description:
      "Answers with a session token that acts in the client's account, for the partner to manage it.",
    ok: { description: "A session in the client's account.", schema: clientSessionSchema },
    errors: ['partner_only', 'not_found'],
  }),
  async (c) => c.json(await switchIntoClient(accountContext(c), c.req.param('id') ?? '')),
);

const release = factory.createHandlers(
  describe({
    tag: 'Partner',
    summary: 'Release a client',
    description:
      'Ends the relation: the account stays, on its own, and the sessions the partner opened in it end.',
    ok: { status: 204, description: 'Released.' },
    errors: ['partner_only', 'not_found'],
  }),
  async (c) => {
    await releaseClient(accountContext(c), c.req.param('id') ?? '');
    return c.body(null, 204);
  },
);

export const partnerRoutes = new Hono<AppEnv>()
  .use('*', requireAccount)
  .get('/clients', ...list)
  .post('/clients', ...create)
  .post('/clients/attach', ...attach)
  .post('/clients/attach/confirm', ...confirm)
  .post('/clients/:id/session', ...switchIn)
  .delete('/clients/:id', ...release)
  .route('/', moneyRoutes)
  .route('/referral-links', referralLinkRoutes);
