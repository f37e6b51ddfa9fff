import type { ActionRunner } from '../../engine/actions/action-runner';
import type { IntegrationModule } from '../module';
import { shopScriptConnection } from './connect';
import { findProductsRunner } from './find-products';
import { shopScriptAuthorizeUrl } from './oauth';

/**
 * Shop-Script (Webasyst; issue #24 §4, reference/messengers.md §6.1): a shop connected on its own
 * consent page (oauth.ts; the return route is services/integrations/shopscript-consent.ts), and the
 * "find products" action that searches its catalogue live.
 */
export const shopScriptModule: IntegrationModule = {
  type: 'shopscript',
  ...shopScriptConnection,
  actions: { find_products: findProductsRunner as ActionRunner },
  authorizeUrl: shopScriptAuthorizeUrl,
};
