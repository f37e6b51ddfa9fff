import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { queryParams } from '../../http/validate';
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
    await deleteIntegration(accountContext(c), c.req.param('id') ?? '', confirmed);
    return c.body(null, 204);
  },
);
