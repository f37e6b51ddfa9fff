import { and, eq } from 'drizzle-orm';
import type { Integration } from '../../../db/schema';
import { integrations } from '../../../db/schema';
import type { ActionRunner, ToolCallInput } from '../../engine/actions/action-runner';
import type { ToolResult, Turn } from '../../engine/turn';
import { safeErrorText } from '../../shared/safe-error';
import type { BotAction } from '../../shared/schemas/bot-actions';
import { makeOnce } from '../external-effect';
import { type AmoClient, AmoError } from './client';
import { dealOfChat } from './deal';
import { type AmoCustomField, amoFieldValues } from './fields';
import { AmoNotConnected, withAmoApi } from './tokens';

/**
 * The bot's actions in amoCRM (SPEC §3 actions, reference/crm.md §1.5–§1.8), run as the model's
 * tools on the dialogue's deal: move it to a pipeline's status, write a lead / contact / company
 * field, set a task for the deal's responsible manager. Moving and writing are idempotent; a task
 * is made once per answer (external-effect.ts), found by its text and due time after a crash.
 */

type Action<T extends string> = Extract<BotAction, { type: T }>;
const NO_PARAMETERS = { type: 'object', properties: {}, additionalProperties: false };
const answer = (value: Record<string, unknown>): ToolResult => ({ content: JSON.stringify(value) });

interface Outcome {
  ok: boolean;
  /** What the model reads. */
  say: Record<string, unknown>;
  /** What History shows. */
  detail: string;
}

const failed = (detail: string, error = detail): Outcome => ({
  ok: false,
  say: { ok: false, error },
  detail,
});

async function integrationOf(turn: Turn, id: string | null): Promise<Integration | undefined> {
  if (!id) return undefined;
  const [row] = await turn.ctx.ports.db
    .select()
    .from(integrations)
    .where(and(eq(integrations.id, id), eq(integrations.accountId, turn.account.id)));
  return row;
}

/** Runs `work` on the dialogue's deal with the account's API; failures become the model's error. */
function dealAction<A extends BotAction>(
  work: (api: AmoClient, dealId: string, turn: Turn, action: A, call: ToolCallInput) => Promise<Outcome>,
  parameters: (action: A) => Record<string, unknown> = () => NO_PARAMETERS,
): ActionRunner<A> {
  return {
    parameters,
    async run(turn, action, call) {
      const settings = action.settings as { integration_id?: string | null };
      const integration = await integrationOf(turn, settings.integration_id ?? null);
      let outcome: Outcome;
      try {
        if (!integration?.activated) throw new AmoNotConnected('the integration is gone or off');
        outcome = await withAmoApi(turn.ctx, integration, async (api) => {
          const dealId = await dealOfChat(turn.ctx, turn.chat, integration, api);
          if (!dealId) return failed('the dialogue has no deal in amoCRM');
          return work(api, dealId, turn, action, call);
        });
      } catch (error) {
        const detail = error instanceof AmoError ? error.explanation : safeErrorText(error);
        outcome = failed(detail, `amoCRM refused: ${detail}`);
      }
      turn.actions.push({
        name: action.name,
        type: action.type ?? '',
        ok: outcome.ok,
        detail: outcome.detail,
      });
      return answer(outcome.say);
    },
  };
}

export const changeDealStatus = dealAction<Action<'change_deal_status'>>(
  async (api, dealId, _turn, action) => {
    const { pipeline_id, status_id } = action.settings;
    if (!pipeline_id || !status_id) return failed('no status chosen');
    await api.patch(`/api/v4/leads/${dealId}`, {
      pipeline_id: Number(pipeline_id),
      status_id: Number(status_id),
    });
    return { ok: true, say: { ok: true, deal: dealId }, detail: `deal ${dealId} → status ${status_id}` };
  },
);

type FieldActionType = 'change_lead_field' | 'change_contact_field' | 'change_company_field';
const ENTITY: Record<FieldActionType, 'leads' | 'contacts' | 'companies'> = {
  change_lead_field: 'leads',
  change_contact_field: 'contacts',
  change_company_field: 'companies',
};

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

export const changeField = dealAction<Action<FieldActionType>>(async (api, dealId, _turn, action, call) => {
  const entity = ENTITY[action.type as FieldActionType];
  const { field, value } = action.settings;
  if (!field) return failed('no field chosen');
  const meta = await api.get<AmoCustomField>(`/api/v4/${entity}/custom_fields/${encodeURIComponent(field)}`);
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
});

const TASK_PARAMETERS = {
  type: 'object',
  properties: {
    details: { type: 'string', description: 'What the manager should know for the task, briefly' },
  },
  additionalProperties: false,
};

interface AmoTask {
  id: number;
  text: string;
  complete_till: number;
}

export const setTask = dealAction<Action<'set_task'>>(
  async (api, dealId, turn, action, call) => {
    const { task_type, text, deadline_minutes, responsible_id } = action.settings;
    if (!task_type) return failed('no task type chosen');
    const details = (call.arguments as { details?: unknown } | null)?.details;
    const taskText = [
      call.fill(text).trim() || action.name,
      typeof details === 'string' ? details.trim() : '',
    ]
      .filter(Boolean)
      .join('\n')
      .slice(0, 2000);
    // From the answered message's time: the same due time however often the answer is retried.
    const from = turn.waiting.at(-1)?.createdAt ?? turn.now;
    const completeTill = Math.floor(from.getTime() / 1000) + deadline_minutes * 60;
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

export const amoActions: Partial<Record<string, ActionRunner>> = {
  change_deal_status: changeDealStatus as ActionRunner,
  change_lead_field: changeField as ActionRunner,
  change_contact_field: changeField as ActionRunner,
  change_company_field: changeField as ActionRunner,
  set_task: setTask as ActionRunner,
};
