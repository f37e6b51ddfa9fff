import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { getIntegration } from '../../services/integrations/integrations';

export const getIntegrationHandlers = factory.createHandlers(async (c) =>
  c.json(await getIntegration(accountContext(c), c.req.param('id') ?? '')),
);
