import type { IntegrationType } from '../../../db/schema/integrations';
import { useApi } from './swr';

/** GET /api/integrations item (SPEC §3 Integration), as far as the bot editor needs it. */
export interface IntegrationView {
  id: string;
  type: IntegrationType;
  integration_account_id: string | null;
  activated: boolean;
}

/**
 * The account's connected integrations, for actions that work through one. Loaded only when an
 * editor field asks for them; a failure reads as "none connected" and the field offers to connect.
 */
export function useIntegrations(enabled: boolean) {
  const { data, isLoading } = useApi<IntegrationView[]>(enabled ? '/api/integrations' : null);
  return { integrations: Array.isArray(data) ? data : [], isLoading };
}
