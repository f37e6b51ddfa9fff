import type { Integration } from '../../../db/schema';
import type { EngineContext } from '../../engine/context';
import { openConnectionSecret } from '../connection-secrets';
import { fetchFor } from '../module';
import { createShopScriptClient, type ShopScriptClient } from './client';
import { shopAddressOf, shopBase } from './oauth';

/** The integration has no shop address or no token to reach it with. */
export class ShopScriptNotConnected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ShopScriptNotConnected';
  }
}

/**
 * The shop's API as the integration's token. Throws SecretUnreadable when the token does not open,
 * ShopScriptNotConnected when there is no address or token.
 */
export async function shopScriptApi(
  ctx: EngineContext,
  integration: Integration,
): Promise<{ api: ShopScriptClient; address: string }> {
  const address = shopAddressOf(integration);
  if (!address) throw new ShopScriptNotConnected('no shop address');
  const token = await openConnectionSecret(ctx.settings.secretsKey, integration, 'access_token');
  if (!token) throw new ShopScriptNotConnected('no access token: the shop was not approved yet');
  return {
    address,
    api: createShopScriptClient({
      base: shopBase(ctx.settings, address),
      token,
      fetch: fetchFor(ctx.settings, 'shopscript'),
    }),
  };
}
