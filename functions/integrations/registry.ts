import type { IntegrationType } from '../../db/schema';
import type { BUILT_INTEGRATION_TYPES } from '../shared/integration-types';
import { chatgptConnector } from './chatgpt';
import type { Connector } from './connector';
import { onchatConnector } from './onchat';
import { telegramConnector } from './telegram';

/**
 * The connector of every built type (functions/shared/integration-types.ts BUILT_INTEGRATION_TYPES);
 * a type without one answers "not available". Telegram, the messengers and the CRMs join here.
 */
export const CONNECTORS: Record<(typeof BUILT_INTEGRATION_TYPES)[number], Connector> = {
  chatgpt: chatgptConnector,
  onchat: onchatConnector,
  telegram: telegramConnector,
};

export const connectorFor = (type: IntegrationType): Connector | undefined =>
  (CONNECTORS as Partial<Record<IntegrationType, Connector>>)[type];
