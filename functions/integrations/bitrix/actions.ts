import type { Turn } from '../../engine/turn';
import type { CrmEntity } from '../../shared/crm';
import {
  type ActionOf,
  type CrmSystem,
  crmAction,
  crmActionRunners,
  dealMover,
  crmFailed as failed,
  type StatusMove,
  statusAction,
  TASK_PARAMETERS,
  taskDueOf,
  taskTextOf,
} from '../crm-action';
import { makeOnce } from '../external-effect';
import { type BitrixClient, BitrixError } from './client';
import { dealById, dealOfChat } from './deal';
import { bitrixFields, bitrixFieldValue } from './fields';
import { withBitrixApi } from './tokens';

/**
 * The bot's actions in Bitrix24 (reference/crm.md §2.4), run as the model's tools on the dialogue's
 * deal: move it to a stage (within its pipeline `crm.deal.update`; into another pipeline
 * `crm.item.update`, which may change the funnel), write a deal / contact / company field, set a task
 * (`tasks.task.add`, bound to the deal) for a manager. A task is made once per answer.
 */

const bitrix: CrmSystem<BitrixClient> = {
  name: 'Bitrix24',
  withApi: withBitrixApi,
  recordOf: dealOfChat,
  explain: (error) => (error instanceof BitrixError ? error.explanation : null),
};

const moveDeal: StatusMove<BitrixClient> = async (api, dealId, { pipeline_id, status_id }) => {
  if (!pipeline_id || !status_id) return failed('no stage chosen');
  const deal = await dealById(api, dealId);
  if (String(deal?.CATEGORY_ID ?? '0') === pipeline_id) {
    await api.result('crm.deal.update', { id: Number(dealId), fields: { STAGE_ID: status_id } });
  } else {
    await api.result('crm.item.update', {
      entityTypeId: 2,
      id: Number(dealId),
      fields: { categoryId: Number(pipeline_id), stageId: status_id },
    });
  }
  return { ok: true, say: { ok: true, deal: dealId }, detail: `deal ${dealId} → stage ${status_id}` };
};

export const changeDealStage = statusAction(bitrix, moveDeal);
export const moveBitrixDeal = dealMover(bitrix, moveDeal);

type FieldActionType = 'change_lead_field' | 'change_contact_field' | 'change_company_field';
const ENTITY: Record<FieldActionType, CrmEntity> = {
  change_lead_field: 'lead',
  change_contact_field: 'contact',
  change_company_field: 'company',
};

/** Where a field of `entity` is written for the deal: the deal, its contact or its company. */
async function targetOf(api: BitrixClient, entity: CrmEntity, dealId: string) {
  if (entity === 'lead') return { method: 'crm.deal.update', id: dealId };
  const deal = await dealById(api, dealId);
  const id = entity === 'contact' ? deal?.CONTACT_ID : deal?.COMPANY_ID;
  if (!id || String(id) === '0') return null;
  return { method: entity === 'contact' ? 'crm.contact.update' : 'crm.company.update', id: String(id) };
}

export const changeField = crmAction<BitrixClient, ActionOf<FieldActionType>>(
  bitrix,
  async (api, dealId, _turn, action, call) => {
    const entity = ENTITY[action.type as FieldActionType];
    const { field, value } = action.settings;
    if (!field) return failed('no field chosen');
    const meta = (await bitrixFields(api, entity)).find((item) => item.id === field);
    if (!meta) return failed(`field ${field} not found`);
    const filled = call.fill(value);
    const converted = bitrixFieldValue(meta, filled);
    if ('error' in converted) return failed(converted.error);
    const target = await targetOf(api, entity, dealId);
    if (!target) return failed(`the deal has no ${entity}`);
    await api.result(target.method, { id: Number(target.id), fields: { [meta.id]: converted.value } });
    return {
      ok: true,
      say: { ok: true, field: meta.name },
      detail: `${meta.name} = ${filled.slice(0, 200)}`,
    };
  },
);

interface BitrixTask {
  id: string | number;
  title?: string;
  deadline?: string | null;
}

/** Makes a task bound to the deal once under `key`: found by its title and deadline when a run died midway. */
export async function bitrixTaskOnce(
  turn: Turn,
  api: BitrixClient,
  key: string,
  task: { dealId: string; text: string; due: Date; responsibleId: string | null },
) {
  const title = (task.text.split('\n')[0] ?? '').slice(0, 250) || 'Задача от бота';
  const binding = `D_${task.dealId}`;
  return makeOnce(turn.ctx, turn.account.id, key, {
    find: async () => {
      const found = await api.result<{ tasks?: BitrixTask[] }>('tasks.task.list', {
        filter: { UF_CRM_TASK: binding },
        select: ['ID', 'TITLE', 'DEADLINE'],
      });
      const same = (found?.tasks ?? []).find(
        (item) => item.title === title && item.deadline && Date.parse(item.deadline) === task.due.getTime(),
      );
      return same ? { id: String(same.id) } : null;
    },
    make: async () => {
      const responsible = task.responsibleId ?? (await dealById(api, task.dealId))?.ASSIGNED_BY_ID ?? null;
      const created = await api.result<{ task?: { id?: string | number } }>('tasks.task.add', {
        fields: {
          TITLE: title,
          DESCRIPTION: task.text,
          RESPONSIBLE_ID: Number(responsible ?? 1),
          DEADLINE: task.due.toISOString(),
          UF_CRM_TASK: [binding],
        },
      });
      const id = created?.task?.id;
      if (!id) throw new Error('Bitrix24 did not create the task');
      return { id: String(id) };
    },
  });
}

export const setTask = crmAction<BitrixClient, ActionOf<'set_task'>>(
  bitrix,
  async (api, dealId, turn, action, call) => {
    const { text, deadline_minutes, responsible_id } = action.settings;
    const { result, again } = await bitrixTaskOnce(turn, api, call.effectKey, {
      dealId,
      text: taskTextOf(text, action.name, call),
      due: taskDueOf(turn, deadline_minutes),
      responsibleId: responsible_id,
    });
    return {
      ok: true,
      say: { ok: true, task: result.id },
      detail: `task ${result.id}${again ? ' (made earlier)' : ''}`,
    };
  },
  () => TASK_PARAMETERS,
);

export const bitrixActions = crmActionRunners({ status: changeDealStage, field: changeField, task: setTask });
