import * as v from 'valibot';
import { accountContext } from '../../http/context';
import { factory } from '../../http/factory';
import { jsonBody } from '../../http/validate';
import { finishAmoConsent } from '../../services/integrations/amo-consent';

const finishSchema = v.object({ ticket: v.pipe(v.string(), v.maxLength(8192)) });

/** POST /api/integrations/amo/finish: the consent's return, finished for the account that started it. */
export const finishAmoConsentHandlers = factory.createHandlers(jsonBody(finishSchema), async (c) =>
  c.json(await finishAmoConsent(accountContext(c), c.req.valid('json').ticket)),
);
