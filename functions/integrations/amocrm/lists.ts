import type { CrmEntity, CrmField, CrmPipeline, CrmStaffMember, CrmTaskType } from '../../shared/crm';
import type { CrmLists } from '../module';
import { CrmRefused } from '../module';
import { type AmoClient, AmoError } from './client';
import type { AmoCustomField } from './fields';
import { standardFields } from './standard-fields';
import { AmoNotConnected, withAmoApi } from './tokens';

/**
 * What the account has, read for the settings screens (reference/crm.md §1.4, §1.6, §1.8, §1.9):
 * pipelines with their statuses, the standard and custom fields of leads, contacts and companies
 * (the responsible user chosen from the staff), task types and active users. The users list needs an administrator's grant; without it amoCRM answers 403.
 */

const ENTITY_PATH: Record<CrmEntity, string> = { lead: 'leads', contact: 'contacts', company: 'companies' };
/** The task types every account has (reference §1.8). */
const BUILT_IN_TASK_TYPES: CrmTaskType[] = [
  { id: '1', name: 'Связаться' },
  { id: '2', name: 'Встреча' },
];
const MAX_PAGES = 20;

interface Page<K extends string, T> {
  _embedded?: Record<K, T[]>;
  _links?: { next?: unknown };
}

async function allPages<K extends string, T>(
  api: AmoClient,
  path: string,
  key: K,
  limit: number,
): Promise<T[]> {
  const items: T[] = [];
  const joiner = path.includes('?') ? '&' : '?';
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await api.get<Page<K, T>>(`${path}${joiner}limit=${limit}&page=${page}`);
    items.push(...(answer?._embedded?.[key] ?? []));
    if (!answer?._links?.next) break;
  }
  return items;
}

/** Runs a read; what amoCRM refuses becomes a refusal the API can explain. */
async function read<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AmoNotConnected) throw new CrmRefused('not_connected', error.message);
    if (error instanceof AmoError) {
      throw new CrmRefused(
        error.status === 403 && !error.blocked ? 'forbidden' : 'failed',
        error.explanation,
      );
    }
    throw error;
  }
}

interface AmoUserRow {
  id: number;
  name: string;
  email?: string;
  rights?: { is_active?: boolean };
}

/** The account's active users (a 403 without an administrator's grant). */
export async function activeAmoUsers(api: AmoClient): Promise<AmoUserRow[]> {
  const users = await allPages<'users', AmoUserRow>(api, '/api/v4/users', 'users', 250);
  return users.filter((user) => user.rights?.is_active !== false);
}

/** The staff to choose a lead's responsible user from; null when the grant does not show them. */
async function staffOrNull(api: AmoClient) {
  try {
    return (await activeAmoUsers(api)).map((user) => ({ id: String(user.id), name: user.name }));
  } catch (error) {
    if (error instanceof AmoError && error.status === 403 && !error.blocked) return null;
    throw error;
  }
}

interface AmoPipeline {
  id: number;
  name: string;
  is_archive?: boolean;
  _embedded?: { statuses?: { id: number; name: string; color: string; sort?: number }[] };
}

export const amoLists: CrmLists = {
  pipelines: (ctx, integration) =>
    read(async () => {
      const answer = await withAmoApi(ctx, integration, (api) =>
        api.get<Page<'pipelines', AmoPipeline>>('/api/v4/leads/pipelines'),
      );
      return (answer?._embedded?.pipelines ?? [])
        .filter((pipeline) => !pipeline.is_archive)
        .map(
          (pipeline): CrmPipeline => ({
            id: String(pipeline.id),
            name: pipeline.name,
            _embedded: {
              statuses: [...(pipeline._embedded?.statuses ?? [])]
                .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
                .map((status) => ({ id: String(status.id), name: status.name, color: status.color })),
            },
          }),
        );
    }),
  fields: (ctx, integration, entity) =>
    read(async () => {
      const { fields, staff } = await withAmoApi(ctx, integration, async (api) => ({
        fields: await allPages<'custom_fields', AmoCustomField & { is_api_only?: boolean }>(
          api,
          `/api/v4/${ENTITY_PATH[entity]}/custom_fields`,
          'custom_fields',
          50,
        ),
        staff: entity === 'lead' ? await staffOrNull(api) : null,
      }));
      const custom = fields.map(
        (field): CrmField => ({
          id: String(field.id),
          name: field.name,
          type: field.type,
          options: field.enums
            ? field.enums.map((item) => ({ id: String(item.id), value: item.value }))
            : null,
        }),
      );
      return [...standardFields(entity, ctx.lang, staff), ...custom];
    }),
  taskTypes: (ctx, integration) =>
    read(async () => {
      const account = await withAmoApi(ctx, integration, (api) =>
        api.get<{ _embedded?: { task_types?: { id: number; name: string }[] } }>(
          '/api/v4/account?with=task_types',
        ),
      );
      const own = account?._embedded?.task_types ?? [];
      const types = own.map((type) => ({ id: String(type.id), name: type.name }));
      const ids = new Set(types.map((type) => type.id));
      return [...BUILT_IN_TASK_TYPES.filter((type) => !ids.has(type.id)), ...types];
    }),
  staff: (ctx, integration) =>
    read(async () => {
      const users = await withAmoApi(ctx, integration, activeAmoUsers);
      return users.map(
        (user): CrmStaffMember => ({ id: String(user.id), name: user.name, email: user.email ?? null }),
      );
    }),
};
