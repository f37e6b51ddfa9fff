import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { describe } from '../../openapi/describe';
import { connectedIntegrationSchema } from '../../openapi/schemas/integrations';
import { connectIntegration } from '../../services/integrations/connect-integration';

export const connectIntegrationHandlers = factory.createHandlers(
  describe({
    tag: 'Integrations',
    summary: 'Connect an integration',
    description:
      'Checks the credentials with the external system and connects it (for Telegram: sets the webhook). A paid channel needs a free place in the subscription.',
    ok: { description: 'The connected integration and a line to show.', schema: connectedIntegrationSchema },
    errors: ['not_found', 'integration_not_available', 'integration_connect_failed', 'subscription_required'],
  }),
  async (c) => c.json(await connectIntegration(accountContext(c), c.req.param('id') ?? '')),
);
