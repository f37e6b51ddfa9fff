import { integrations } from '../../../db/schema';
import { exchangeCalendlyCode } from '../../integrations/calendly/oauth';
import { sealConnectionData } from '../../integrations/connection-secrets';
import { tokenFields } from '../../integrations/oauth-tokens';
import { AppError } from '../../shared/app-error';
import { safeErrorText } from '../../shared/safe-error';
import type { ServiceContext } from '../context';
import { connectIntegration } from './connect-integration';
import { type ConsentReturn, returnedConsent } from './consent-owner';
import { ownIntegrationWhere } from './own-integration';

/**
 * GET /api/webhooks/calendly/oauth?code&state: Calendly's consent page sends the owner's browser
 * back here (oauth.ts). No session rides a redirect, so the state says whose integration it is, and
 * it counts only in the browser that started it (the consent cookie): a state that is unknown,
 * spent, of another type or started elsewhere finishes nothing. The code is spent for the token
 * pair, kept sealed in the integration (the personal token, if any, gives way), and the integration
 * is connected as the connect button would; the browser lands on its page, with `calendly_error`
 * (state, denied, failed, subscription) when something did not work.
 */

export type CalendlyReturnError = 'state' | 'denied' | 'failed' | 'subscription';

const CODE = /^[A-Za-z0-9._~+/=-]{1,4096}$/;

const withError = (path: string, error: CalendlyReturnError) => `${path}?calendly_error=${error}`;

/** Where the browser goes next. */
export async function finishCalendlyConsent(
  ctx: ServiceContext,
  query: ConsentReturn,
  browserNonce: string | undefined,
): Promise<string> {
  const returned = await returnedConsent(ctx, 'calendly', query, browserNonce, CODE);
  if (!returned.ok) return withError(returned.page, returned.error);
  const { owner, row, page, code, state } = returned;

  let grant: Awaited<ReturnType<typeof exchangeCalendlyCode>>;
  try {
    grant = await exchangeCalendlyCode(ctx.settings, ctx.ports.clock.now(), code, state);
  } catch (error) {
    console.warn(`integration ${row.id} (calendly): the consent's code was refused: ${safeErrorText(error)}`);
    return withError(page, 'failed');
  }
  await ctx.ports.db
    .update(integrations)
    .set({
      connectionData: await sealConnectionData(ctx.settings.secretsKey, row.type, {
        ...row.connectionData,
        token: '',
        auth: 'oauth',
        ...tokenFields(grant),
      }),
    })
    .where(ownIntegrationWhere(owner, row.id));
  try {
    await connectIntegration(owner, row.id);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return withError(page, error.code === 'subscription_required' ? 'subscription' : 'failed');
  }
  return page;
}
