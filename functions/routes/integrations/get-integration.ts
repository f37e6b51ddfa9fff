import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { describe } from '../../openapi/describe';
import { integrationSchema } from '../../openapi/schemas/integrations';
import { getIntegration } from '../../services/integrations/integrations';

export const getIntegrationHandlers = factory.createHandlers(
  describe({
    tag: 'Integrations',
    summary: 'Get an integration',
    ok: { description: 'The integration; credentials masked.', schema: integrationSchema },
    errors: ['not_found'],
  }),
  async (c) => c.json(await getIntegration(accountContext(c), c.req.param('id') ?? '')),
);
