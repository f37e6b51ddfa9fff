import type { IntegrationModule } from '../module';
import { onchatSender } from './send';

/**
 * The website widget (SPEC §3 onchat), served by this product itself: there is nothing external to
 * check on connecting, and visitors write through the widget's own routes (routes/widget).
 */
export const onchatModule: IntegrationModule = {
  type: 'onchat',
  connect: async (integration) => ({ ok: true, integrationAccountId: integration.integrationAccountId }),
  sender: onchatSender,
};
