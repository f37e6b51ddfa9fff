import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { connectIntegration } from '../../services/integrations/connect-integration';

export const connectIntegrationHandlers = factory.createHandlers(async (c) =>
  c.json(await connectIntegration(accountContext(c), c.req.param('id') ?? '')),
);
