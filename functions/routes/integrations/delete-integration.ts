import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { queryParams } from '../../http/validate';
import { translate } from '../../i18n/translate';
import { deleteIntegration } from '../../services/integrations/delete-integration';
import { deleteIntegrationQuery } from '../../shared/schemas/integration';

/**
 * DELETE /api/integrations/{id}[?confirm=true]. Bound to bots and not confirmed: 409
 * `{message, code: 'integration_in_use', bots: [{id, name}]}`; confirmed (or unbound): 204.
 */
export const deleteIntegrationHandlers = factory.createHandlers(
  queryParams(deleteIntegrationQuery),
  async (c) => {
    const confirmed = c.req.valid('query').confirm === 'true';
    const outcome = await deleteIntegration(accountContext(c), c.req.param('id') ?? '', confirmed);
    if (outcome.deleted) return c.body(null, 204);
    const names = outcome.bots.map((bot) => `«${bot.name}»`).join(', ');
    return c.json(
      {
        message: translate('integration_in_use', c.var.lang, { bots: names }),
        code: 'integration_in_use',
        bots: outcome.bots,
      },
      409,
    );
  },
);
