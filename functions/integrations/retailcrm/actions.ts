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
import { withRetailApi } from './account';
import { type RetailClient, RetailError } from './client';
import { fieldChange, retailEntityOf, retailFields, retailFieldValue } from './fields';
import { editOrder, orderOfChat, readOrder } from './record';

/**
 * The bot's actions in RetailCRM (reference/crm.md §3.2), run as the model's tools on the
 * dialogue's order: set its status, write one of its fields or its customer's, set a task bound to
 * it for a manager (the chosen one, else the order's, else the first active one). Status and fields
 * are idempotent; a task is made once per answer, found by its text after a crash.
 */

const retail: CrmSystem<RetailClient> = {
  name: 'RetailCRM',
  withApi: withRetailApi,
  recordOf: orderOfChat,
  explain: (error) => (error instanceof RetailError ? error.explanation : null),
};

const moveOrder: StatusMove<RetailClient> = async (api, orderId, { status_id }) => {
  if (!status_id) return failed('no status chosen');
  await editOrder(api, orderId, { status: status_id });
  return { ok: true, say: { ok: true, order: orderId }, detail: `order ${orderId} → ${status_id}` };
};

export const changeOrderStatus = statusAction(retail, moveOrder);
export const moveRetailOrder = dealMover(retail, moveOrder);

type FieldActionType = 'change_lead_field' | 'change_contact_field' | 'change_company_field';

const ENTITY_OF = {
  change_lead_field: 'lead',
  change_contact_field: 'contact',
  change_company_field: 'company',
} as const;

export const changeField = crmAction<RetailClient, ActionOf<FieldActionType>>(
  retail,
  async (api, orderId, _turn, action, call) => {
    const entity = ENTITY_OF[action.type];
    if (!retailEntityOf(entity)) return failed('RetailCRM corporate customers are not supported');
    const { field, value } = action.settings;
    if (!field) return failed('no field chosen');
    const meta = (await retailFields(api, entity)).find((item) => item.id === field);
    if (!meta) return failed(`field ${field} not found`);
    const filled = call.fill(value);
    const converted = retailFieldValue(meta, filled);
    if ('error' in converted) return failed(converted.error);
    const change = fieldChange(meta, converted.value);
    if (entity === 'lead') {
      await editOrder(api, orderId, change);
    } else {
      const customerId = (await readOrder(api, orderId)).customer?.id;
      if (!customerId) return failed(`order ${orderId} has no customer`);
      await api.post(`customers/${customerId}/edit`, { by: 'id', site: api.site, customer: change });
    }
    return {
      ok: true,
      say: { ok: true, field: meta.name },
      detail: `${meta.name} = ${filled.slice(0, 200)}`,
    };
  },
);

interface RetailTask {
  id: number;
  text?: string;
  datetime?: string;
  order?: { id?: number } | null;
}

/** A due time as RetailCRM takes it (`Y-m-d H:i`): the bot's local wall-clock time. */
export function retailDateTime(turn: Turn, due: Date): string {
  const local = localTime(due, turn.bot.conditions.work_time.time_zone);
  return `${local.date} ${local.time}`;
}

/** Whom a task is for: the chosen manager, the order's, or the first active one. */
async function performerOf(
  api: RetailClient,
  orderId: string,
  chosen: string | null,
): Promise<number | null> {
  if (chosen && /^\d+$/.test(chosen)) return Number(chosen);
  const manager = (await readOrder(api, orderId)).managerId;
  if (manager) return manager;
  const answer = await api.get('users', { 'filter[active]': 1, 'filter[isManager]': 1, limit: 20 });
  const first = (Array.isArray(answer.users) ? answer.users : [])[0] as { id?: number } | undefined;
  return first?.id ?? null;
}

/** A task's own text is short; a longer one goes whole into its commentary. */
const TITLE_LENGTH = 250;

/** Makes a task on the order once under `key`: found by its text when a run died midway. */
export async function retailTaskOnce(
  turn: Turn,
  api: RetailClient,
  key: string,
  task: { orderId: string; text: string; datetime: string; performerId: string | null },
) {
  const performer = await performerOf(api, task.orderId, task.performerId);
  if (!performer) return null;
  const title = task.text.slice(0, TITLE_LENGTH);
  return makeOnce(turn.ctx, turn.account.id, key, {
    find: async () => {
      const answer = await api.get('tasks', {
        'filter[text]': title,
        'filter[performers][]': performer,
        limit: 100,
      });
      const tasks = (Array.isArray(answer.tasks) ? answer.tasks : []) as RetailTask[];
      const found = tasks.find(
        (item) =>
          item.text === title &&
          item.datetime?.startsWith(task.datetime) &&
          String(item.order?.id ?? '') === task.orderId,
      );
      return found ? { id: found.id } : null;
    },
    make: async () => {
      const created = await api.post('tasks/create', {
        site: api.site,
        task: {
          text: title,
          commentary: task.text.length > TITLE_LENGTH ? task.text : undefined,
          datetime: task.datetime,
          performerId: performer,
          order: { id: Number(task.orderId) },
        },
      });
      if (typeof created.id !== 'number') throw new Error('RetailCRM did not create the task');
      return { id: created.id };
    },
  });
}

export const setTask = crmAction<RetailClient, ActionOf<'set_task'>>(
  retail,
  async (api, orderId, turn, action, call) => {
    const { text, deadline_minutes, responsible_id } = action.settings;
    const made = await retailTaskOnce(turn, api, call.effectKey, {
      orderId,
      text: taskTextOf(text, action.name, call),
      datetime: retailDateTime(turn, taskDueOf(turn, deadline_minutes)),
      performerId: responsible_id,
    });
    if (!made) return failed('no manager to set the task for');
    return {
      ok: true,
      say: { ok: true, task: made.result.id },
      detail: `task ${made.result.id}${made.again ? ' (made earlier)' : ''}`,
    };
  },
  () => TASK_PARAMETERS,
);

export const retailActions = crmActionRunners({
  status: changeOrderStatus,
  field: changeField,
  task: setTask,
});
