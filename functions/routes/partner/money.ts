import { Hono } from 'hono';
import { accountContext } from '../../http/context';
import type { AppEnv } from '../../http/env';
import { factory } from '../../http/factory';
import { jsonBody, queryParams } from '../../http/validate';
import { describe } from '../../openapi/describe';
import {
  clientPaymentSchema as clientPaymentDoc,
  clientQuoteSchema as clientQuoteDoc,
  clientSubscriptionListSchema,
  earningsSchema,
  operationListSchema,
  partnerSummarySchema,
} from '../../openapi/schemas/partner';
import { listClientSubscriptions } from '../../services/partner/client-subscriptions';
import { earningsReport } from '../../services/partner/earnings-report';
import { listOperations } from '../../services/partner/list-operations';
import { payForClient, quoteForClient } from '../../services/partner/pay-for-client';
import { partnerSummary } from '../../services/partner/summary';
import {
  clientPaymentSchema,
  clientQuoteSchema,
  earningsQuerySchema,
  operationsQuerySchema,
} from '../../shared/schemas/partner';

/** The partner balance (issue #23 §2–3): its state, its movements, paying for clients, earnings. */
const summary = factory.createHandlers(
  describe({
    tag: 'Partner',
    summary: 'Get the partner balance and status',
    description:
      'The partner balance, the status held (by paying clients) with its discount and shares, and what the next status takes.',
    ok: { description: 'The summary.', schema: partnerSummarySchema },
    errors: ['partner_only'],
  }),
  async (c) => c.json(await partnerSummary(accountContext(c))),
);

const operations = factory.createHandlers(
  describe({
    tag: 'Partner',
    summary: 'List partner balance operations',
    description:
      'The movements of the partner balance, newest first: top-ups, payments for clients, earnings and their reversals.',
    ok: { description: 'One page of operations.', schema: operationListSchema },
    errors: ['partner_only'],
  }),
  queryParams(operationsQuerySchema),
  async (c) => c.json(await listOperations(accountContext(c), c.req.valid('query'))),
);

const earnings = factory.createHandlers(
  describe({
    tag: 'Partner',
    summary: 'Get the earnings report',
    description:
      "The partner's earnings in its currency, by month or by client (`by`), within the dates given.",
    ok: { description: 'The report.', schema: earningsSchema },
    errors: ['partner_only'],
  }),
  queryParams(earningsQuerySchema),
  async (c) => c.json(await earningsReport(accountContext(c), c.req.valid('query'))),
);

const clientSubscriptions = factory.createHandlers(
  describe({
    tag: 'Partner',
    summary: "List a client's subscriptions",
    ok: { description: "The client's subscriptions.", schema: clientSubscriptionListSchema },
    errors: ['partner_only', 'not_found'],
  }),
  async (c) => c.json(await listClientSubscriptions(accountContext(c), c.req.param('id') ?? '')),
);

const quote = factory.createHandlers(
  describe({
    tag: 'Partner',
    summary: 'Price a payment for a client',
    description:
      "What a new subscription, one of the client's unpaid subscriptions, or a top-up costs the partner after its discount, and whether the partner balance covers it. Nothing is paid.",
    ok: { description: 'The price.', schema: clientQuoteDoc },
    errors: ['partner_only', 'not_found', 'partner_currency_mismatch', 'subscription_state'],
  }),
  jsonBody(clientQuoteSchema),
  async (c) => c.json(await quoteForClient(accountContext(c), c.req.param('id') ?? '', c.req.valid('json'))),
);

const pay = factory.createHandlers(
  describe({
    tag: 'Partner',
    summary: 'Pay for a client from the partner balance',
    description:
      'Pays what `quote` priced from the partner balance. `request_id` makes it idempotent: a repeated request answers 200 with the same payment instead of paying again (the first answers 201).',
    ok: { status: 201, description: 'Paid.', schema: clientPaymentDoc },
    errors: [
      'partner_only',
      'not_found',
      'partner_currency_mismatch',
      'subscription_state',
      'partner_payment_failed',
    ],
  }),
  jsonBody(clientPaymentSchema),
  async (c) => {
    const { created, ...answer } = await payForClient(
      accountContext(c),
      c.req.param('id') ?? '',
      c.req.valid('json'),
    );
    return c.json(answer, created ? 201 : 200);
  },
);

export const moneyRoutes = new Hono<AppEnv>()
  .get('/summary', ...summary)
  .get('/operations', ...operations)
  .get('/earnings', ...earnings)
  .get('/clients/:id/subscriptions', ...clientSubscriptions)
  .post('/clients/:id/quote', ...quote)
  .post('/clients/:id/pay', ...pay);
