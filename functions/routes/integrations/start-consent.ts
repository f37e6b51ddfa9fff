import { startConsentBrowser } from '../../http/consent-cookie';
import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { startConsent } from '../../services/integrations/start-consent';

/** POST /api/integrations/{id}/consent: the consent page with a fresh single-use state. */
export const startConsentHandlers = factory.createHandlers(async (c) =>
  c.json(await startConsent(accountContext(c), c.req.param('id') ?? '', startConsentBrowser(c))),
);
