import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { describe } from '../../openapi/describe';
import { integrationListSchema } from '../../openapi/schemas/integrations';
import { listIntegrations } from '../../services/integrations/integrations';

export const listIntegrationsHandlers = factory.createHandlers(
  describe({
    tag: 'Integrations',
    summary: 'List integrations',
    description: 'Your channels, CRMs and other connected systems, oldest first; credentials are masked.',
    ok: { description: 'The integrations.', schema: integrationListSchema },
  }),
  async (c) => c.json(await listIntegrations(accountContext(c))),
);
