import type {
  CrmEntity,
  CrmField,
  CrmPipeline,
  CrmStaffMember,
  CrmTaskType,
} from '../../../functions/shared/crm';
import { INTEGRATIONS_PATH } from './integrations';
import { useApi } from './swr';

/**
 * What a connected CRM has, for the settings of actions and of the selection (SPEC §3 CRM entities,
 * §7 staff; functions/services/integrations/crm-lists.ts). Nothing is asked without an integration.
 */

const crmPath = (integrationId: string, tail: string) =>
  `${INTEGRATIONS_PATH}/${encodeURIComponent(integrationId)}/crm/${tail}`;

function useCrmList<T, K extends string>(path: string | null, key: K) {
  const { data, error, isLoading, mutate } = useApi<Record<K, T[]>>(path);
  return {
    items: data?.[key] ?? [],
    error,
    isLoading: path !== null && isLoading,
    retry: () => void mutate(),
  };
}

export const useCrmPipelines = (integrationId: string | null) =>
  useCrmList<CrmPipeline, 'pipelines'>(integrationId && crmPath(integrationId, 'pipelines'), 'pipelines');

export const useCrmFields = (integrationId: string | null, entity: CrmEntity) =>
  useCrmList<CrmField, 'fields'>(
    integrationId && crmPath(integrationId, `fields?entity=${entity}`),
    'fields',
  );

export const useCrmTaskTypes = (integrationId: string | null) =>
  useCrmList<CrmTaskType, 'task_types'>(integrationId && crmPath(integrationId, 'task-types'), 'task_types');

/** SPEC §7 GET /private/integrations/{type}/staff, served under /api like every call. */
export const useCrmStaff = (type: string | null, integrationId: string | null) =>
  useCrmList<CrmStaffMember, 'staff'>(
    type && integrationId
      ? `/api/private/integrations/${encodeURIComponent(type)}/staff?integration_id=${encodeURIComponent(integrationId)}`
      : null,
    'staff',
  );
