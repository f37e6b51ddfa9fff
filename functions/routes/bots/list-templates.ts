import { vValidator } from '@hono/valibot-validator';
import { accountContext } from '../../http/context';
import { AppError } from '../../http/errors';
import { factory } from '../../http/factory';
import { issuesToFields } from '../../http/validate';
import { listTemplates } from '../../services/bots/templates';
import { templatesQuerySchema } from '../../shared/schemas/bot';

const query = vValidator('query', templatesQuerySchema, (result) => {
  if (!result.success) {
    throw new AppError(422, 'validation_failed', 'validation_failed', {
      fields: issuesToFields(result.issues),
    });
  }
});

/** GET /api/bots/templates?lang=ru|en (the account's language when omitted). */
export const listTemplatesHandlers = factory.createHandlers(query, async (c) => {
  const ctx = accountContext(c);
  return c.json(await listTemplates(ctx, c.req.valid('query').lang ?? ctx.lang));
});
