import type { Integration } from '../../../db/schema';
import type { EngineContext } from '../../engine/context';
import { SecretUnreadable } from '../../secrets/secret-box';
import type { CrmPipeline, CrmStaffMember, CrmTaskType } from '../../shared/crm';
import type { CrmLists } from '../module';
import { CrmRefused } from '../module';
import { type AlfaClient, AlfaError } from './client';
import { alfaCustomerFields } from './fields';
import { AlfaNotConnected, withAlfaApi } from './session';

/**
 * What the account has, for the settings screens (reference/crm.md §4). AlfaCRM has no pipelines:
 * its lead statuses are one pipeline, named after the branch, in their order (no colours either).
 * Leads and contacts are both the customer; AlfaCRM has no companies. Tasks have no types: one.
 * Staff are the CRM's active users (the `user` model: UNVERIFIED, reference §4).
 */

interface Named {
  id: number;
  name: string;
  email?: string;
  is_enabled?: number | boolean;
  is_active?: number | boolean;
  weight?: number;
}

/** The one task type AlfaCRM has. */
export const ALFA_TASK_TYPE: CrmTaskType = { id: '1', name: 'Задача' };
const STATUS_COLOR = '#ced4da';

const on = (flag: number | boolean | undefined) => flag !== 0 && flag !== false;

/** Runs a read; what AlfaCRM refuses becomes a refusal the API explains (403 means rights only for staff). */
async function read<T>(
  ctx: EngineContext,
  integration: Integration,
  work: (api: AlfaClient) => Promise<T>,
  forbidden: 'forbidden' | 'failed' = 'failed',
) {
  try {
    return await withAlfaApi(ctx, integration, work);
  } catch (error) {
    if (error instanceof AlfaNotConnected || error instanceof SecretUnreadable) {
      throw new CrmRefused('not_connected', error.message);
    }
    if (error instanceof AlfaError) {
      throw new CrmRefused(error.status === 403 ? forbidden : 'failed', error.explanation);
    }
    throw error;
  }
}

const text = (integration: Integration, name: string) => {
  const value = integration.connectionData[name];
  return typeof value === 'string' ? value : '';
};

export const alfaLists: CrmLists = {
  pipelines: (ctx, integration) =>
    read(ctx, integration, async (api): Promise<CrmPipeline[]> => {
      const statuses = await api.all<Named>('lead-status');
      return [
        {
          id: text(integration, 'branch_id') || '1',
          name: text(integration, 'branch_name') || 'AlfaCRM',
          _embedded: {
            statuses: statuses
              .filter((status) => on(status.is_enabled))
              .sort((a, b) => (a.weight ?? 0) - (b.weight ?? 0))
              .map((status) => ({ id: String(status.id), name: status.name, color: STATUS_COLOR })),
          },
        },
      ];
    }),
  fields: (ctx, integration, entity) =>
    entity === 'company' ? Promise.resolve([]) : read(ctx, integration, alfaCustomerFields),
  taskTypes: async () => [ALFA_TASK_TYPE],
  staff: (ctx, integration) =>
    read(
      ctx,
      integration,
      async (api) => {
        const users = await api.all<Named>('user');
        return users
          .filter((user) => on(user.is_active))
          .map(
            (user): CrmStaffMember => ({ id: String(user.id), name: user.name, email: user.email ?? null }),
          );
      },
      'forbidden',
    ),
};
