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
import { type AmoClient, AmoError } from './client';
import { dealOfChat } from './deal';
import { type AmoCustomField, amoFieldValues } from './fields';
import { activeAmoUsers } from './lists';
import { standardField, standardValue } from './standard-fields';
import { withAmoApi } from './tokens';

/**
 * The bot's actions in amoCRM (SPEC §3 actions, reference/crm.md §1.5–§1.8), run as the model's
 * tools on the dialogue's deal: move it to a pipeline's status, write a lead / contact / company
 * field (a custom one, or the name, budget and responsible user), set a task for the deal's
 * responsible manager. Moving and writing are idempotent; a task is made once per answer
 * (external-effect.ts), found by its text and due time after a crash.
 */

const amo: CrmSystem<AmoClient> = {
  name: 'amoCRM',
  withApi: withAmoApi,
  recordOf: dealOfChat,
  explain: (error) => (error instanceof AmoError ? error.explanation : null),
};

const moveDeal: StatusMove<AmoClient> = async (api, dealId, { pipeline_id, status_id }) => {
  if (!pipeline_id || !status_id) return failed('no status chosen');
  await api.patch(`/api/v4/leads/${dealId}`, {
    pipeline_id: Number(pipeline_id),
    status_id: Number(status_id),
  });
  return { ok: true, say: { ok: true, deal: dealId }, detail: `deal ${dealId} → status ${status_id}` };
};

export const changeDealStatus = statusAction(amo, moveDeal);
export const moveAmoDeal = dealMover(amo, moveDeal);

type FieldActionType = 'change_lead_field' | 'change_contact_field' | 'change_company_field';
const ENTITY: Record<FieldActionType, 'leads' | 'contacts' | 'companies'> = {
  change_lead_field: 'leads',
  change_contact_field: 'contacts',
  change_company_field: 'companies',
};
const CRM_ENTITY = { leads: 'lead', contacts: 'contact', companies: 'company' } as const;

/** The deal's contact or company the field belongs to. */
async function entityOf(api: AmoClient, entity: 'leads' | 'contacts' | 'companies', dealId: string) {
  if (entity === 'leads') return dealId;
  const lead = await api.get<{
    _embedded?: { contacts?: { id: number; is_main?: boolean }[]; companies?: { id: number }[] };
  }>(`/api/v4/leads/${dealId}?with=contacts`);
  if (entity === 'contacts') {
    const contacts = lead?._embedded?.contacts ?? [];
    const main = contacts.find((contact) => contact.is_main) ?? contacts[0];
    return main ? String(main.id) : null;
  }
  const company = lead?._embedded?.companies?.[0];
  return company ? String(company.id) : null;
}

export const changeField = crmAction<AmoClient, ActionOf<FieldActionType>>(
  amo,
  async (api, dealId, _turn, action, call) => {
    const entity = ENTITY[action.type as FieldActionType];
    const { field, value } = action.settings;
    if (!field) return failed('no field chosen');
    const standard = standardField(CRM_ENTITY[entity], field);
    if (standard) {
      // The entity's own field (name, budget, responsible) is written by its key.
      const converted = await standardValue(standard, call.fill(value), () => activeAmoUsers(api));
      if ('error' in converted) return failed(converted.error);
      const target = await entityOf(api, entity, dealId);
      if (!target) return failed(`the deal has no ${entity === 'contacts' ? 'contact' : 'company'}`);
      await api.patch(`/api/v4/${entity}/${target}`, { [standard.key]: converted.value });
      return {
        ok: true,
        say: { ok: true, field: standard.label.en },
        detail: `${standard.key} = ${String(converted.value).slice(0, 200)}`,
      };
    }
    const meta = await api.get<AmoCustomField>(
      `/api/v4/${entity}/custom_fields/${encodeURIComponent(field)}`,
    );
    if (!meta) return failed(`field ${field} not found`);
    const converted = amoFieldValues(meta, call.fill(value));
    if ('error' in converted) return failed(converted.error);
    const target = await entityOf(api, entity, dealId);
    if (!target) return failed(`the deal has no ${entity === 'contacts' ? 'contact' : 'company'}`);
    await api.patch(`/api/v4/${entity}/${target}`, {
      custom_fields_values: [{ field_id: meta.id, values: converted.values }],
    });
    return {
      ok: true,
      say: { ok: true, field: meta.name },
      detail: `${meta.name} = ${call.fill(value).slice(0, 200)}`,
    };
  },
);

interface AmoTask {
  id: number;
  text: string;
  complete_till: number;
}

export const setTask = crmAction<AmoClient, ActionOf<'set_task'>>(
  amo,
  async (api, dealId, turn, action, call) => {
    const { task_type, text, deadline_minutes, responsible_id } = action.settings;
    if (!task_type) return failed('no task type chosen');
    const taskText = taskTextOf(text, action.name, call);
    const completeTill = Math.floor(taskDueOf(turn, deadline_minutes).getTime() / 1000);
    const { result, again } = await makeOnce(turn.ctx, turn.account.id, call.effectKey, {
      find: async () => {
        const tasks = await api.get<{ _embedded?: { tasks?: AmoTask[] } }>(
          `/api/v4/tasks?filter[entity_type]=leads&filter[entity_id][]=${dealId}&limit=250`,
        );
        const found = tasks?._embedded?.tasks?.find(
          (task) => task.text === taskText && task.complete_till === completeTill,
        );
        return found ? { id: found.id } : null;
      },
      make: async () => {
        const lead = responsible_id
          ? null
          : await api.get<{ responsible_user_id?: number }>(`/api/v4/leads/${dealId}`);
        const responsible = responsible_id ? Number(responsible_id) : lead?.responsible_user_id;
        const created = await api.post<{ _embedded?: { tasks?: { id: number }[] } }>('/api/v4/tasks', [
          {
            task_type_id: Number(task_type),
            text: taskText,
            complete_till: completeTill,
            entity_id: Number(dealId),
            entity_type: 'leads',
            ...(responsible ? { responsible_user_id: responsible } : {}),
          },
        ]);
        const id = created?._embedded?.tasks?.[0]?.id;
        if (!id) throw new Error('amoCRM did not create the task');
        return { id };
      },
    });
    return {
      ok: true,
      say: { ok: true, task: result.id },
      detail: `task ${result.id}${again ? ' (made earlier)' : ''}`,
    };
  },
  () => TASK_PARAMETERS,
);

export const amoActions = crmActionRunners({ status: changeDealStatus, field: changeField, task: setTask });
