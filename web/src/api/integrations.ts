import { useSWRConfig } from 'swr';
import type { IntegrationType } from '../../../db/schema/integrations';
import type { AmoType } from '../../../functions/shared/amocrm';
import type { IntegrationKind } from '../../../functions/shared/integration-catalogue';
import { BOTS_PATH } from './bots';
import { api } from './client';
import { isApiError } from './errors';
import { type ApiKey, useApi } from './swr';

/** GET /api/integrations item (functions/services/integrations/integration-view.ts). */
export interface IntegrationView {
  id: string;
  type: IntegrationType;
  integration_account_id: string | null;
  connection_data: Record<string, unknown>;
  activated: boolean;
  connected: boolean;
  kind: IntegrationKind;
  /** Whether the type's connector is built; otherwise connecting answers "failed". */
  available: boolean;
  created_at: string;
  /**
   * Types connected on a consent page (amoCRM, Kommo): true. The page's address, with a fresh
   * single-use state, comes from POST /api/integrations/{id}/consent. Absent for other types.
   */
  consent_page?: boolean;
  /** A type with an OAuth application: whether the server has it configured. */
  configured?: boolean;
}

/** A bot the integration is bound to, as the delete warning lists it. */
export interface BoundBot {
  id: string;
  name: string;
}

export interface IntegrationChanges {
  activated?: boolean;
  integration_account_id?: string | null;
  connection_data?: Record<string, unknown>;
}

export const INTEGRATIONS_PATH = '/api/integrations';

/** Where /amo/install hands over what amoCRM / Kommo's redirect brought, to have it sealed. */
export const AMO_INSTALL_PATH = '/api/webhooks/amo/install';

/** The sealed return of a consent: finished at once when `consent`, confirmed on screen otherwise. */
export interface AmoInstallAnswer {
  type: AmoType;
  account: string;
  ticket: string;
  consent: boolean;
}
const integrationPath = (id: string) => `${INTEGRATIONS_PATH}/${encodeURIComponent(id)}`;

/**
 * The account's connected integrations, for actions that work through one. Loaded only when an
 * editor field asks for them; a failure reads as "none connected" and the field offers to connect.
 */
export function useIntegrations(enabled: boolean) {
  const { data, isLoading } = useApi<IntegrationView[]>(enabled ? INTEGRATIONS_PATH : null);
  return { integrations: Array.isArray(data) ? data : [], isLoading };
}

/** The bots a delete was refused for (409 integration_in_use): they must be listed and confirmed. */
export function boundBots(error: unknown): BoundBot[] | null {
  if (!isApiError(error, 'integration_in_use')) return null;
  const { bots } = error.details;
  return Array.isArray(bots)
    ? bots.filter(
        (item): item is BoundBot =>
          typeof item === 'object' && item !== null && typeof (item as BoundBot).name === 'string',
      )
    : [];
}

/** The integrations screen: the list and every write to it; each answer replaces the cached item. */
export function useIntegrationList() {
  const swr = useApi<IntegrationView[]>(INTEGRATIONS_PATH);
  const { mutate } = swr;
  const { mutate: mutateAny } = useSWRConfig();
  const replace = (item: IntegrationView) =>
    mutate((list) => (list ?? []).map((old) => (old.id === item.id ? item : old)), { revalidate: false });

  const create = async (type: IntegrationType) => {
    const item = await api<IntegrationView>('POST', INTEGRATIONS_PATH, { type });
    await mutate((list) => [...(list ?? []), item], { revalidate: false });
    return item;
  };
  const update = async (id: string, changes: IntegrationChanges) => {
    const item = await api<IntegrationView>('PATCH', integrationPath(id), changes);
    await replace(item);
    return item;
  };
  const connect = async (id: string) => {
    try {
      const item = await api<IntegrationView>(
        'POST',
        `${INTEGRATIONS_PATH}/connect/${encodeURIComponent(id)}`,
      );
      await replace(item);
      return item;
    } catch (error) {
      void mutate();
      throw error;
    }
  };
  const reset = async (id: string) => {
    const item = await api<IntegrationView>('POST', `${INTEGRATIONS_PATH}/reset/${encodeURIComponent(id)}`);
    await replace(item);
    return item;
  };
  /** Without `confirmed`, an integration bound to bots is refused with the bots (see boundBots). */
  const remove = async (id: string, confirmed: boolean) => {
    await api<null>('DELETE', `${integrationPath(id)}${confirmed ? '?confirm=true' : ''}`);
    await mutate((list) => list?.filter((item) => item.id !== id), { revalidate: false });
    // Detached bots changed their channels and actions (SPEC §4: the bots reload).
    if (confirmed)
      await mutateAny((key: ApiKey | null) => Array.isArray(key) && String(key[0]).startsWith(BOTS_PATH));
  };
  return { ...swr, create, update, connect, reset, remove };
}
