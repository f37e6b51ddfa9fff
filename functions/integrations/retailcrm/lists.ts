import type { Integration } from '../../../db/schema';
import type { EngineContext } from '../../engine/context';
import { SecretUnreadable } from '../../secrets/secret-box';
import type { CrmPipeline, CrmStaffMember, CrmTaskType } from '../../shared/crm';
import { type CrmLists, CrmRefused } from '../module';
import { RetailNotConnected, withRetailApi } from './account';
import { type RetailClient, RetailError } from './client';
import { retailFields } from './fields';

/**
 * What the account has, for the settings screens (reference/crm.md §3.2). An order's statuses are
 * grouped (new, approval, assembling, …): each group is a pipeline, its statuses in their order,
 * ids being RetailCRM's status codes. RetailCRM gives no colours. Tasks have no types: one. Staff
 * are the active users; a key without access to them is refused as missing rights.
 */

interface Status {
  code: string;
  name: string;
  active?: boolean;
  ordering?: number;
  group?: string;
}

interface Group {
  code: string;
  name: string;
  active?: boolean;
  ordering?: number;
}

interface User {
  id: number;
  firstName?: string;
  lastName?: string;
  email?: string;
  active?: boolean;
}

export const RETAIL_TASK_TYPE: CrmTaskType = { id: '1', name: 'Задача' };
const STATUS_COLOR = '#ced4da';

const byOrdering = (a: { ordering?: number }, b: { ordering?: number }) =>
  (a.ordering ?? 0) - (b.ordering ?? 0);
const valuesOf = <T>(value: unknown): T[] =>
  typeof value === 'object' && value !== null ? (Object.values(value) as T[]) : [];

async function read<T>(
  ctx: EngineContext,
  integration: Integration,
  work: (api: RetailClient) => Promise<T>,
  forbidden: 'forbidden' | 'failed' = 'failed',
) {
  try {
    return await withRetailApi(ctx, integration, work);
  } catch (error) {
    if (error instanceof RetailNotConnected || error instanceof SecretUnreadable) {
      throw new CrmRefused('not_connected', error.message);
    }
    if (error instanceof RetailError) {
      throw new CrmRefused(error.status === 403 ? forbidden : 'failed', error.explanation);
    }
    throw error;
  }
}

export const retailLists: CrmLists = {
  pipelines: (ctx, integration) =>
    read(ctx, integration, async (api): Promise<CrmPipeline[]> => {
      const groups = valuesOf<Group>((await api.get('reference/status-groups')).statusGroups);
      const statuses = valuesOf<Status>((await api.get('reference/statuses')).statuses);
      return groups
        .filter((group) => group.active !== false)
        .sort(byOrdering)
        .map((group) => ({
          id: group.code,
          name: group.name,
          _embedded: {
            statuses: statuses
              .filter((status) => status.group === group.code && status.active !== false)
              .sort(byOrdering)
              .map((status) => ({ id: status.code, name: status.name, color: STATUS_COLOR })),
          },
        }))
        .filter((pipeline) => pipeline._embedded.statuses.length > 0);
    }),
  fields: (ctx, integration, entity) => read(ctx, integration, (api) => retailFields(api, entity)),
  taskTypes: async () => [RETAIL_TASK_TYPE],
  staff: (ctx, integration) =>
    read(
      ctx,
      integration,
      async (api) => {
        const answer = await api.get('users', { 'filter[active]': 1, limit: 100 });
        return (Array.isArray(answer.users) ? (answer.users as User[]) : [])
          .filter((user) => user.active !== false)
          .map(
            (user): CrmStaffMember => ({
              id: String(user.id),
              name: [user.firstName, user.lastName].filter(Boolean).join(' ') || `#${user.id}`,
              email: user.email ?? null,
            }),
          );
      },
      'forbidden',
    ),
};
