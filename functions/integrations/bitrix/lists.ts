import type { Integration } from '../../../db/schema';
import type { EngineContext } from '../../engine/context';
import { SecretUnreadable } from '../../secrets/secret-box';
import type { CrmPipeline, CrmStaffMember, CrmTaskType } from '../../shared/crm';
import type { CrmLists } from '../module';
import { CrmRefused } from '../module';
import { NotConnected } from '../oauth-tokens';
import { type BitrixClient, BitrixError } from './client';
import { bitrixFields } from './fields';
import { withBitrixApi } from './tokens';

/**
 * What the portal has, for the settings screens (reference/crm.md §2.4): deal pipelines
 * (`crm.category.list`) with their stages (`crm.status.list`, DEAL_STAGE for the general one,
 * DEAL_STAGE_{id} for the others; stage ids are strings), the fields of deals, contacts and
 * companies, one task type (Bitrix24 tasks have none) and the active employees (`user.get`).
 */

export const BITRIX_TASK_TYPE: CrmTaskType = { id: '1', name: 'Задача' };
const DEFAULT_COLOR = '#ced4da';

interface Category {
  id: number | string;
  name: string;
}

interface Stage {
  STATUS_ID: string;
  NAME: string;
  SORT?: string | number;
  COLOR?: string;
  EXTRA?: { COLOR?: string };
}

async function read<T>(
  ctx: EngineContext,
  integration: Integration,
  work: (api: BitrixClient) => Promise<T>,
  forbidden: 'forbidden' | 'failed' = 'failed',
) {
  try {
    return await withBitrixApi(ctx, integration, work);
  } catch (error) {
    if (error instanceof NotConnected || error instanceof SecretUnreadable) {
      throw new CrmRefused('not_connected', error.message);
    }
    if (error instanceof BitrixError) {
      const denied = error.status === 403 || /ACCESS_DENIED|insufficient_scope/i.test(error.code);
      throw new CrmRefused(denied ? forbidden : 'failed', error.explanation);
    }
    throw error;
  }
}

async function categories(api: BitrixClient): Promise<Category[]> {
  const answer = await api.result<{ categories?: Category[] }>('crm.category.list', { entityTypeId: 2 });
  const found = answer?.categories ?? [];
  return found.some((category) => Number(category.id) === 0) ? found : [{ id: 0, name: 'Общая' }, ...found];
}

const stagesOf = (api: BitrixClient, category: Category) =>
  api.result<Stage[]>('crm.status.list', {
    filter: { ENTITY_ID: Number(category.id) === 0 ? 'DEAL_STAGE' : `DEAL_STAGE_${category.id}` },
    order: { SORT: 'ASC' },
  });

export const bitrixLists: CrmLists = {
  pipelines: (ctx, integration) =>
    read(ctx, integration, async (api) => {
      const pipelines: CrmPipeline[] = [];
      for (const category of await categories(api)) {
        const stages = [...((await stagesOf(api, category)) ?? [])].sort(
          (a, b) => Number(a.SORT ?? 0) - Number(b.SORT ?? 0),
        );
        pipelines.push({
          id: String(category.id),
          name: category.name,
          _embedded: {
            statuses: stages.map((stage) => ({
              id: stage.STATUS_ID,
              name: stage.NAME,
              color: stage.COLOR || stage.EXTRA?.COLOR || DEFAULT_COLOR,
            })),
          },
        });
      }
      return pipelines;
    }),
  fields: (ctx, integration, entity) => read(ctx, integration, (api) => bitrixFields(api, entity)),
  taskTypes: async () => [BITRIX_TASK_TYPE],
  staff: (ctx, integration) =>
    read(
      ctx,
      integration,
      async (api) => {
        const users = await api.list<{
          ID: string;
          NAME?: string;
          LAST_NAME?: string;
          EMAIL?: string;
          ACTIVE?: boolean;
        }>('user.get', { FILTER: { ACTIVE: true } });
        return users
          .filter((user) => user.ACTIVE !== false)
          .map(
            (user): CrmStaffMember => ({
              id: String(user.ID),
              name: [user.NAME, user.LAST_NAME].filter(Boolean).join(' ') || `#${user.ID}`,
              email: user.EMAIL || null,
            }),
          );
      },
      'forbidden',
    ),
};
