import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { quoteSubscription } from '../../services/billing/buy-subscription';
import { quoteSchema } from '../../shared/schemas/subscription';

export const quoteSubscriptionHandlers = factory.createHandlers(jsonBody(quoteSchema), async (c) =>
  c.json(await quoteSubscription(accountContext(c), c.req.valid('json'))),
);
