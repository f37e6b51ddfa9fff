import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { integrationSchema } from '../../openapi/schemas/integrations';
import { updateIntegration } from '../../services/integrations/integrations';
import { updateIntegrationSchema } from '../../shared/schemas/integration';

export const updateIntegrationHandlers = factory.createHandlers(
  describe({
    tag: 'Integrations',
    summary: 'Change an integration',
    description:
      'Switch it on or off (`activated`) or change its fields; a credential sent back masked keeps its value. A changed credential ends the connection: connect again.',
    ok: { description: 'The integration.', schema: integrationSchema },
    errors: ['not_found'],
  }),

  jsonBody(updateIntegrationSchema),
  async (c) =>
    c.json(await updateIntegration(accountContext(c), c.req.param('id') ?? '', c.req.valid('json'))),
);
