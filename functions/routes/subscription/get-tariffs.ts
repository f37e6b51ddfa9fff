import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { queryParams } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { tariffsSchema } from '../../openapi/schemas/money';
import { tariffs } from '../../services/billing/tariffs';
import { tariffsQuerySchema } from '../../shared/schemas/subscription';

export const getTariffsHandlers = factory.createHandlers(
  describe({
    tag: 'Money',
    summary: 'Get the tariffs',
    description:
      "The monthly price of each subscription kind (bots, each integration) and the terms with their discounts, in `currency` (the account's when omitted).",
    ok: { description: 'The price list.', schema: tariffsSchema },
  }),
  queryParams(tariffsQuerySchema),
  (c) => {
    const ctx = accountContext(c);
    return c.json(tariffs(c.req.valid('query').currency ?? ctx.account.currency));
  },
);
