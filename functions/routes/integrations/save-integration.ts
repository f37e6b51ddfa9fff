import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { integrationSchema } from '../../openapi/schemas/integrations';
import { saveIntegration } from '../../services/integrations/integrations';
import { saveIntegrationSchema } from '../../shared/schemas/integration';

export const saveIntegrationHandlers = factory.createHandlers(
  describe({
    tag: 'Integrations',
    summary: 'Create or save an integration',
    description:
      "Without `id`: a new integration of `type` (activated, not connected yet), answered 201. With `id`: that integration's fields (its type cannot change), answered 200. A changed credential ends the connection: connect again.",
    ok: {
      status: 201,
      description: 'The integration (200 when an existing one was saved).',
      schema: integrationSchema,
    },
    errors: ['not_found', 'integrations_limit'],
  }),
  jsonBody(saveIntegrationSchema),
  async (c) => {
    const saved = await saveIntegration(accountContext(c), c.req.valid('json'));
    return c.json(saved.integration, saved.created ? 201 : 200);
  },
);
