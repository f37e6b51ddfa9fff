import type { Turn } from '../../engine/turn';
import { localTime } from '../../shared/local-time';
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
import { type AlfaClient, AlfaError } from './client';
import { alfaCustomerFields, alfaFieldValue } from './fields';
import { leadOfChat } from './record';
import { withAlfaApi } from './session';

/**
 * The bot's actions in AlfaCRM (reference/crm.md §4), run as the model's tools on the dialogue's
 * lead: set its lead status, write one of its fields, set a task on it for a manager. Status and
 * fields are idempotent; a task is made once per answer, found by its text and due time after a
 * crash. AlfaCRM has no companies: a company field says so.
 */

const alfa: CrmSystem<AlfaClient> = {
  name: 'AlfaCRM',
  withApi: withAlfaApi,
  recordOf: leadOfChat,
  explain: (error) => (error instanceof AlfaError ? error.explanation : null),
};

interface AlfaCustomer {
  id: number;
  assigned_id?: number | null;
  [field: string]: unknown;
}

async function customerOf(api: AlfaClient, id: string): Promise<AlfaCustomer | null> {
  const page = await api.index<AlfaCustomer>('customer', { id: Number(id) });
  return page.items[0] ?? null;
}

const moveLead: StatusMove<AlfaClient> = async (api, leadId, { status_id }) => {
  if (!status_id) return failed('no status chosen');
  await api.update('customer', leadId, { lead_status_id: Number(status_id) });
  return { ok: true, say: { ok: true, lead: leadId }, detail: `lead ${leadId} → status ${status_id}` };
};

export const changeLeadStatus = statusAction(alfa, moveLead);
export const moveAlfaLead = dealMover(alfa, moveLead);

type FieldActionType = 'change_lead_field' | 'change_contact_field' | 'change_company_field';

export const changeField = crmAction<AlfaClient, ActionOf<FieldActionType>>(
  alfa,
  async (api, leadId, _turn, action, call) => {
    if (action.type === 'change_company_field') return failed('AlfaCRM has no companies');
    const { field, value } = action.settings;
    if (!field) return failed('no field chosen');
    const meta = (await alfaCustomerFields(api)).find((item) => item.id === field);
    if (!meta) return failed(`field ${field} not found`);
    const customer = await customerOf(api, leadId);
    if (!customer) return failed(`lead ${leadId} not found`);
    const filled = call.fill(value);
    const converted = alfaFieldValue(meta, filled, customer[meta.id]);
    if ('error' in converted) return failed(converted.error);
    await api.update('customer', leadId, { [meta.id]: converted.value });
    return {
      ok: true,
      say: { ok: true, field: meta.name },
      detail: `${meta.name} = ${filled.slice(0, 200)}`,
    };
  },
);

interface AlfaTask {
  id: number;
  text: string;
  due_date: string;
}

/** A due time as AlfaCRM takes it: the bot's local wall-clock time (its work time's zone). */
export function alfaDueDate(turn: Turn, due: Date): string {
  const local = localTime(due, turn.bot.conditions.work_time.time_zone);
  return `${local.date} ${local.time}:00`;
}

/** Makes a task on the lead once under `key`: found by its text and due time when a run died midway. */
export async function alfaTaskOnce(
  turn: Turn,
  api: AlfaClient,
  key: string,
  task: { leadId: string; text: string; dueDate: string; responsibleId: string | null },
) {
  return makeOnce(turn.ctx, turn.account.id, key, {
    find: async () => {
      const tasks = await api.all<AlfaTask>('task', { customer_ids: Number(task.leadId) }, 500);
      const found = tasks.find((item) => item.text === task.text && item.due_date === task.dueDate);
      return found ? { id: found.id } : null;
    },
    make: async () => {
      const responsible = task.responsibleId ?? (await customerOf(api, task.leadId))?.assigned_id ?? null;
      const created = await api.create<{ id?: number }>('task', {
        text: task.text,
        customer_ids: [Number(task.leadId)],
        due_date: task.dueDate,
        ...(responsible ? { assigned_ids: [Number(responsible)] } : {}),
      });
      if (!created.id) throw new Error('AlfaCRM did not create the task');
      return { id: created.id };
    },
  });
}

export const setTask = crmAction<AlfaClient, ActionOf<'set_task'>>(
  alfa,
  async (api, leadId, turn, action, call) => {
    const { text, deadline_minutes, responsible_id } = action.settings;
    const { result, again } = await alfaTaskOnce(turn, api, call.effectKey, {
      leadId,
      text: taskTextOf(text, action.name, call),
      dueDate: alfaDueDate(turn, taskDueOf(turn, deadline_minutes)),
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

export const alfaActions = crmActionRunners({ status: changeLeadStatus, field: changeField, task: setTask });
