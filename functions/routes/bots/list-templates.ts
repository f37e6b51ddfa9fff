import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { queryParams } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { templateListSchema } from '../../openapi/schemas/bots';
import { listTemplates } from '../../services/bots/templates';
import { templatesQuerySchema } from '../../shared/schemas/bot';

const query = queryParams(templatesQuerySchema);

/** GET /api/bots/templates?lang=ru|en (the account's language when omitted). */
export const listTemplatesHandlers = factory.createHandlers(
  describe({
    tag: 'Bots',
    summary: 'List bot templates',
    description:
      "Ready-made bots by industry, in `lang` (the account's language when omitted), each with the integrations the account still has to connect.",
    ok: { description: 'The templates.', schema: templateListSchema },
  }),
  query,
  async (c) => {
    const ctx = accountContext(c);
    return c.json(await listTemplates(ctx, c.req.valid('query').lang ?? ctx.lang));
  },
);
