import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { updateIntegration } from '../../services/integrations/integrations';
import { updateIntegrationSchema } from '../../shared/schemas/integration';

export const updateIntegrationHandlers = factory.createHandlers(
  jsonBody(updateIntegrationSchema),
  async (c) =>
    c.json(await updateIntegration(accountContext(c), c.req.param('id') ?? '', c.req.valid('json'))),
);
