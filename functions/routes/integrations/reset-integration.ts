import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { resetIntegration } from '../../services/integrations/integrations';

export const resetIntegrationHandlers = factory.createHandlers(async (c) =>
  c.json(await resetIntegration(accountContext(c), c.req.param('id') ?? '')),
);
