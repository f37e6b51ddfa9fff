import { startConsentBrowser } from '../../http/consent-cookie';
import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { describe } from '../../openapi/describe';
import { consentPageSchema } from '../../openapi/schemas/integrations';
import { startConsent } from '../../services/integrations/start-consent';

/** POST /api/integrations/{id}/consent: the consent page with a fresh single-use state. */
export const startConsentHandlers = factory.createHandlers(
  describe({
    tag: 'Integrations',
    summary: "Get an integration's consent page",
    description:
      "For a system connected by OAuth: the address of its consent page with a fresh single-use state; open it in the owner's browser.",
    ok: { description: 'The consent page.', schema: consentPageSchema },
    errors: ['not_found', 'integration_not_available', 'integration_not_configured'],
  }),
  async (c) => c.json(await startConsent(accountContext(c), c.req.param('id') ?? '', startConsentBrowser(c))),
);
