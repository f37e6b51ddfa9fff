import { SecretUnreadable } from '../../secrets/secret-box';
import { shopScriptHost } from '../../shared/shopscript';
import type { ConnectorResult, IntegrationModule } from '../module';
import { ShopScriptNotConnected, shopScriptApi } from './account';
import { ShopScriptError } from './client';

/**
 * Connecting a shop: the token its consent page gave (the return route stores it, then connects)
 * must open the shop's catalogue: `shop.product.search` with `limit=1` answers how many products
 * it can see. Nothing is set up in the shop, so there is nothing to undo on disconnecting.
 */
export const shopScriptConnection: Pick<IntegrationModule, 'connect'> = {
  async connect(integration, ctx): Promise<ConnectorResult> {
    try {
      const { api, address } = await shopScriptApi(ctx, integration);
      const count = await api.countProducts();
      return {
        ok: true,
        integrationAccountId: shopScriptHost(address),
        connectionData: { products_count: count },
      };
    } catch (error) {
      if (
        error instanceof ShopScriptError ||
        error instanceof ShopScriptNotConnected ||
        error instanceof SecretUnreadable
      ) {
        return { ok: false, reason: error.message };
      }
      throw error;
    }
  },
};
