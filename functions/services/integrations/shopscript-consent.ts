import { integrations } from '../../../db/schema';
import { sealConnectionData } from '../../integrations/connection-secrets';
import { exchangeShopScriptCode, shopAddressOf } from '../../integrations/shopscript/oauth';
import { AppError } from '../../shared/app-error';
import { safeErrorText } from '../../shared/safe-error';
import type { ServiceContext } from '../context';
import { connectIntegration } from './connect-integration';
import { type ConsentReturn, returnedConsent } from './consent-owner';
import { ownIntegrationWhere } from './own-integration';

/**
 * GET /api/webhooks/shopscript/oauth?state&code: the shop's consent page (integrations/shopscript/
 * oauth.ts) sends the owner's browser back here, our state inside the address it was given. The
 * state says whose integration it is and counts only in the browser that started it (the consent
 * cookie): unknown, spent, of another type or started elsewhere, it finishes nothing and no code is
 * spent. The code is exchanged at the shop (its address is the account's: the guarded fetch) for the
 * access token, kept sealed, and the integration is connected as the connect button would; the
 * browser lands on its page, with `shopscript_error` (state, denied, failed, subscription) when
 * something did not work. A refused or expired code, or a shop that cannot be reached, is `failed`:
 * the page shows SPEC §8's "connection failed".
 */

export type ShopScriptReturnError = 'state' | 'denied' | 'failed' | 'subscription';

/** Webasyst's codes are md5 hex; anything printable and short is passed on for the shop to judge. */
const CODE = /^[A-Za-z0-9._~+/=-]{1,512}$/;

const withError = (path: string, error: ShopScriptReturnError) => `${path}?shopscript_error=${error}`;

/** Where the browser goes next. */
export async function finishShopScriptConsent(
  ctx: ServiceContext,
  query: ConsentReturn,
  browserNonce: string | undefined,
): Promise<string> {
  const returned = await returnedConsent(ctx, 'shopscript', query, browserNonce, CODE);
  if (!returned.ok) return withError(returned.page, returned.error);
  const { owner, row, page, code, state } = returned;
  const address = shopAddressOf(row);
  if (!address) return withError(page, 'failed');

  let token: string;
  try {
    token = await exchangeShopScriptCode(ctx.settings, address, code, state);
  } catch (error) {
    console.warn(
      `integration ${row.id} (shopscript): the consent's code was refused: ${safeErrorText(error)}`,
    );
    return withError(page, 'failed');
  }
  await ctx.ports.db
    .update(integrations)
    .set({
      connectionData: await sealConnectionData(ctx.settings.secretsKey, row.type, {
        ...row.connectionData,
        access_token: token,
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
