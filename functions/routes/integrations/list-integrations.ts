import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { listIntegrations } from '../../services/integrations/integrations';

export const listIntegrationsHandlers = factory.createHandlers(async (c) =>
  c.json(await listIntegrations(accountContext(c))),
);
