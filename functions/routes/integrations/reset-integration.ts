import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { describe } from '../../openapi/describe';
import { integrationSchema } from '../../openapi/schemas/integrations';
import { resetIntegration } from '../../services/integrations/integrations';

export const resetIntegrationHandlers = factory.createHandlers(
  describe({
    tag: 'Integrations',
    summary: 'Disconnect an integration',
    description:
      'The external system lets go of the connection (e.g. the Telegram webhook is removed) and what connecting learned is forgotten; the settings stay and bots stay bound.',
    ok: { description: 'The integration, not connected.', schema: integrationSchema },
    errors: ['not_found'],
  }),
  async (c) => c.json(await resetIntegration(accountContext(c), c.req.param('id') ?? '')),
);
