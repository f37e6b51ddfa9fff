import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { queryParams } from '../../http/validate';
import { listTemplates } from '../../services/bots/templates';
import { templatesQuerySchema } from '../../shared/schemas/bot';

const query = queryParams(templatesQuerySchema);

/** GET /api/bots/templates?lang=ru|en (the account's language when omitted). */
export const listTemplatesHandlers = factory.createHandlers(query, async (c) => {
  const ctx = accountContext(c);
  return c.json(await listTemplates(ctx, c.req.valid('query').lang ?? ctx.lang));
});
