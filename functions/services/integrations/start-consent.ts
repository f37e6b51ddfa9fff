import { issueConsentState } from '../../integrations/oauth-consent';
import { moduleFor } from '../../integrations/registry';
import { AppError, invalidFields } from '../../shared/app-error';
import { describeIntegration } from '../../shared/integration-catalogue';
import type { AccountContext } from '../context';
import { ownIntegration } from './own-integration';

/**
 * POST /api/integrations/{id}/consent: the system's consent page (amoCRM, Kommo, Calendly, a shop) with a
 * fresh single-use state bound to the account, the integration and the browser that asked
 * (`browserNonce`, the cookie the route sets), for the types connected by OAuth whose application
 * the server has.
 */
export async function startConsent(
  ctx: AccountContext,
  id: string,
  browserNonce: string,
): Promise<{ url: string }> {
  const row = await ownIntegration(ctx, id);
  const authorize = moduleFor(row.type)?.authorizeUrl;
  if (!authorize) throw new AppError('integration_not_available');
  // A system with an application of ours needs it configured; a shop's own consent page (Shop-Script) needs none.
  if (describeIntegration(row.type).oauthClientVariables && !ctx.settings.oauthClients?.[row.type]) {
    throw new AppError('integration_not_configured', 'integration_not_configured', {
      params: { name: describeIntegration(row.type).label },
    });
  }
  const state = await issueConsentState(
    ctx.ports.kv,
    { accountId: ctx.account.id, integrationId: row.id, type: row.type },
    browserNonce,
  );
  const url = await authorize(ctx.settings, row, state);
  if (!url && row.type === 'shopscript')
    throw invalidFields(
      { 'connection_data.shop_url': 'shopscript_address_required' },
      'shopscript_address_required',
    );
  if (!url) throw new AppError('integration_not_available');
  return { url };
}
