import { Hono } from 'hono';
import { accountContext } from '../../http/context';
import type { AppEnv } from '../../http/env';
import { factory } from '../../http/factory';
import { jsonBody, queryParams } from '../../http/validate';
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
const summary = factory.createHandlers(async (c) => c.json(await partnerSummary(accountContext(c))));

const operations = factory.createHandlers(queryParams(operationsQuerySchema), async (c) =>
  c.json(await listOperations(accountContext(c), c.req.valid('query'))),
);

const earnings = factory.createHandlers(queryParams(earningsQuerySchema), async (c) =>
  c.json(await earningsReport(accountContext(c), c.req.valid('query'))),
);

const clientSubscriptions = factory.createHandlers(async (c) =>
  c.json(await listClientSubscriptions(accountContext(c), c.req.param('id') ?? '')),
);

const quote = factory.createHandlers(jsonBody(clientQuoteSchema), async (c) =>
  c.json(await quoteForClient(accountContext(c), c.req.param('id') ?? '', c.req.valid('json'))),
);

const pay = factory.createHandlers(jsonBody(clientPaymentSchema), async (c) => {
  const { created, ...answer } = await payForClient(
    accountContext(c),
    c.req.param('id') ?? '',
    c.req.valid('json'),
  );
  return c.json(answer, created ? 201 : 200);
});

export const moneyRoutes = new Hono<AppEnv>()
  .get('/summary', ...summary)
  .get('/operations', ...operations)
  .get('/earnings', ...earnings)
  .get('/clients/:id/subscriptions', ...clientSubscriptions)
  .post('/clients/:id/quote', ...quote)
  .post('/clients/:id/pay', ...pay);
