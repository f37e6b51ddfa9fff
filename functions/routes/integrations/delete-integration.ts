import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { queryParams } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { deleteIntegration } from '../../services/integrations/delete-integration';
import { deleteIntegrationQuery } from '../../shared/schemas/integration';

/**
 * DELETE /api/integrations/{id}[?confirm=true]. Bound to bots and not confirmed: 409
 * `{message, code: 'integration_in_use', bots: [{id, name}]}`; confirmed (or unbound): 204.
 */
export const deleteIntegrationHandlers = factory.createHandlers(
  describe({
    tag: 'Integrations',
    summary: 'Delete an integration',
    description:
      'An integration bots use is refused with 409 `integration_in_use` and the list of those bots (`bots: [{id, name}]`) unless `confirm=true`; confirmed, the bots let go of it (a bot left with problems is switched off).',
    ok: { status: 204, description: 'Deleted.' },
    errors: ['not_found', 'integration_in_use'],
  }),

  queryParams(deleteIntegrationQuery),
  async (c) => {
    const confirmed = c.req.valid('query').confirm === 'true';
    await deleteIntegration(accountContext(c), c.req.param('id') ?? '', confirmed);
    return c.body(null, 204);
  },
);
