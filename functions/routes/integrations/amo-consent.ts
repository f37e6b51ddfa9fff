import * as v from 'valibot';
import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { describe } from '../../openapi/describe';
import { connectedIntegrationSchema } from '../../openapi/schemas/integrations';
import { finishAmoConsent } from '../../services/integrations/amo-consent';

const finishSchema = v.object({ ticket: v.pipe(v.string(), v.maxLength(8192)) });

/** POST /api/integrations/amo/finish: the consent's return, finished for the account that started it. */
export const finishAmoConsentHandlers = factory.createHandlers(
  describe({
    tag: 'Integrations',
    summary: 'Finish an amoCRM consent',
    description:
      "The `ticket` amoCRM's return page got is redeemed for the account that started the consent, and the integration is connected.",
    ok: { description: 'The connected integration and a line to show.', schema: connectedIntegrationSchema },
    errors: ['not_found', 'integration_connect_failed', 'integration_not_available', 'subscription_required'],
  }),
  jsonBody(finishSchema),
  async (c) => c.json(await finishAmoConsent(accountContext(c), c.req.valid('json').ticket)),
);
