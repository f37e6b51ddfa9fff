import type { Integration } from '../../../db/schema';
import type { AppSettings } from '../../ports';
import { shopScriptAddress } from '../../shared/shopscript';
import { apiRootFor, fetchFor } from '../module';
import { ShopScriptError, shopScriptAnswer } from './client';

/**
 * Webasyst's simplified OAuth 2.0 on the shop's own address (reference/messengers.md §6.1;
 * webasyst-framework's webasystApiAuthAction and webasystApiTokenController):
 * - the owner, signed in to the shop's backend, approves on `GET {shop}/api.php/auth?client_id&
 *   client_name&response_type=code&scope=shop&redirect_uri`; the shop sends the browser to
 *   `redirect_uri` with `code` (or `error=access_denied`) appended, and nothing else: OAuth's
 *   `state` is not passed back, so ours rides inside `redirect_uri`. A code lives 3 minutes.
 * - `POST {shop}/api.php/token?redirect_uri&format=json` with `code`, `client_id`,
 *   `grant_type=authorization_code` answers `{access_token}`, or `{error: invalid_grant|…}` with
 *   HTTP 200. The token never expires.
 * There is no application to register: `client_id` is free text the shop keys its tokens by, so it
 * is our public host (the same owner connecting again gets the same token back) and `client_name`,
 * shown on the consent page, is that host too.
 */

const TIMEOUT_MS = 15_000;

/** The shop's address the integration was saved with; null when there is none. */
export function shopAddressOf(integration: Pick<Integration, 'connectionData'>): string | null {
  const value = integration.connectionData.shop_url;
  return typeof value === 'string' ? shopScriptAddress(value) : null;
}

/** Where calls for the shop go: SHOPSCRIPT_API_ROOT when the operator set one (a test's fake), else the shop. */
export const shopBase = (settings: AppSettings, address: string) =>
  apiRootFor(settings, 'shopscript', address);

/** Our name at every shop. */
export const shopScriptClientId = (settings: AppSettings) => new URL(settings.publicUrl).host;

/** Where the consent returns, carrying its state (the shop appends `&code=…`). */
export const shopScriptRedirectUri = (settings: AppSettings, state: string) =>
  `${settings.publicUrl.replace(/\/+$/, '')}/api/webhooks/shopscript/oauth?${new URLSearchParams({ state })}`;

/** The shop's consent page for `state`; null while the integration has no shop address. */
export function shopScriptAuthorizeUrl(
  settings: AppSettings,
  integration: Pick<Integration, 'connectionData'>,
  state: string,
): string | null {
  const address = shopAddressOf(integration);
  if (!address) return null;
  const query = new URLSearchParams({
    client_id: shopScriptClientId(settings),
    client_name: shopScriptClientId(settings),
    response_type: 'code',
    scope: 'shop',
    redirect_uri: shopScriptRedirectUri(settings, state),
  });
  return `${shopBase(settings, address)}/api.php/auth?${query}`;
}

/** Spends the consent's code at the shop for its access token. Throws ShopScriptError when refused. */
export async function exchangeShopScriptCode(
  settings: AppSettings,
  address: string,
  code: string,
  state: string,
): Promise<string> {
  const query = new URLSearchParams({ redirect_uri: shopScriptRedirectUri(settings, state), format: 'json' });
  const response = await fetchFor(settings, 'shopscript')(
    `${shopBase(settings, address)}/api.php/token?${query}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        code,
        client_id: shopScriptClientId(settings),
        grant_type: 'authorization_code',
      }).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    },
  );
  const body = await shopScriptAnswer(response);
  const token = typeof body.access_token === 'string' ? body.access_token : '';
  if (!token) throw new ShopScriptError(response.status, 'no_token', 'the shop answered no access token');
  return token;
}
