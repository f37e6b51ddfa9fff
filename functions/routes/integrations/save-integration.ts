import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { saveIntegration } from '../../services/integrations/integrations';
import { saveIntegrationSchema } from '../../shared/schemas/integration';

export const saveIntegrationHandlers = factory.createHandlers(jsonBody(saveIntegrationSchema), async (c) => {
  const saved = await saveIntegration(accountContext(c), c.req.valid('json'));
  return c.json(saved.integration, saved.created ? 201 : 200);
});
