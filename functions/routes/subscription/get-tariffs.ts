import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { queryParams } from '../../http/validate';
import { tariffs } from '../../services/billing/tariffs';
import { tariffsQuerySchema } from '../../shared/schemas/subscription';

export const getTariffsHandlers = factory.createHandlers(queryParams(tariffsQuerySchema), (c) => {
  const ctx = accountContext(c);
  return c.json(tariffs(c.req.valid('query').currency ?? ctx.account.currency));
});
