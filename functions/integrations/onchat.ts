import type { Connector } from './connector';

/** The website widget is served by this product itself: there is nothing external to check. */
export const onchatConnector: Connector = {
  connect: async (integration) => ({ ok: true, integrationAccountId: integration.integrationAccountId }),
};
