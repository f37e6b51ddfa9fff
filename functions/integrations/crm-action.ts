import { and, eq } from 'drizzle-orm';
import type { Chat, Integration } from '../../db/schema';
import { integrations } from '../../db/schema';
import type { ActionRunner, ToolCallInput } from '../engine/actions/action-runner';
import type { EngineContext } from '../engine/context';
import type { ToolResult, Turn } from '../engine/turn';
import { safeErrorText } from '../shared/safe-error';
import type { BotAction } from '../shared/schemas/bot-actions';
import type { DealTarget, IntegrationModule } from './module';

/**
 * A CRM's bot action run as the model's tool on the dialogue's record (the deal, the lead): the
 * chosen integration is found in the account, the CRM's API opened, the record found or made once
 * (chat-record.ts), and the work's outcome goes both to the model and to History. What the CRM
 * refuses becomes the model's error, never the answer's failure.
 */

/** A bot action of one type. */
export type ActionOf<T extends string> = Extract<BotAction, { type: T }>;

/** The action types a CRM runs, from its three runners: status, any field, task. */
export function crmActionRunners(runners: {
  status: ActionRunner<ActionOf<'change_deal_status'>>;
  field: ActionRunner<ActionOf<'change_lead_field' | 'change_contact_field' | 'change_company_field'>>;
  task: ActionRunner<ActionOf<'set_task'>>;
}): Partial<Record<string, ActionRunner>> {
  const field = runners.field as ActionRunner;
  return {
    change_deal_status: runners.status as ActionRunner,
    change_lead_field: field,
    change_contact_field: field,
    change_company_field: field,
    set_task: runners.task as ActionRunner,
  };
}

/** What running an action came to. */
export interface CrmOutcome {
  ok: boolean;
  /** What the model reads. */
  say: Record<string, unknown>;
  /** What History shows. */
  detail: string;
}

export const crmFailed = (detail: string, error = detail): CrmOutcome => ({
  ok: false,
  say: { ok: false, error },
  detail,
});

/** One CRM as its actions need it. */
export interface CrmSystem<Api> {
  /** The CRM's name in the model's error ("amoCRM refused: …"). */
  name: string;
  withApi<T>(ctx: EngineContext, integration: Integration, work: (api: Api) => Promise<T>): Promise<T>;
  /** The dialogue's record id (made once when the dialogue came from elsewhere); null when it has none. */
  recordOf(ctx: EngineContext, chat: Chat, integration: Integration, api: Api): Promise<string | null>;
  /** A failure's explanation when it is the CRM's own; null for anything else. */
  explain(error: unknown): string | null;
}

export type CrmWork<Api, A extends BotAction> = (
  api: Api,
  recordId: string,
  turn: Turn,
  action: A,
  call: ToolCallInput,
) => Promise<CrmOutcome>;

export const NO_PARAMETERS = { type: 'object', properties: {}, additionalProperties: false };

/** The task tools' one parameter: what the manager should know. */
export const TASK_PARAMETERS = {
  type: 'object',
  properties: {
    details: { type: 'string', description: 'What the manager should know for the task, briefly' },
  },
  additionalProperties: false,
};

/** A task's text: the action's own (filled), then the model's details; at most 2000 characters. */
export function taskTextOf(template: string, fallback: string, call: ToolCallInput): string {
  const details = (call.arguments as { details?: unknown } | null)?.details;
  return [call.fill(template).trim() || fallback, typeof details === 'string' ? details.trim() : '']
    .filter(Boolean)
    .join('\n')
    .slice(0, 2000);
}

/** When a task made now is due: from the answered message's time, the same across retries. */
export function taskDueOf(turn: Turn, minutes: number): Date {
  const from = turn.waiting.at(-1)?.createdAt ?? turn.now;
  return new Date(from.getTime() + minutes * 60_000);
}

export async function accountIntegration(turn: Turn, id: string | null | undefined) {
  if (!id) return undefined;
  const [row] = await turn.ctx.ports.db
    .select()
    .from(integrations)
    .where(and(eq(integrations.id, id), eq(integrations.accountId, turn.account.id)));
  return row;
}

/** Opens the CRM and runs `work` on the dialogue's record; what the CRM refuses becomes a failed outcome. */
async function onRecord<Api>(
  system: CrmSystem<Api>,
  ctx: EngineContext,
  integration: Integration | undefined,
  chat: Chat,
  work: (api: Api, recordId: string) => Promise<CrmOutcome>,
): Promise<CrmOutcome> {
  try {
    if (!integration?.activated)
      return crmFailed('the integration is gone or off', `${system.name} is not connected`);
    return await system.withApi(ctx, integration, async (api) => {
      const recordId = await system.recordOf(ctx, chat, integration, api);
      if (!recordId) return crmFailed(`the dialogue has no record in ${system.name}`);
      return work(api, recordId);
    });
  } catch (error) {
    const detail = system.explain(error) ?? safeErrorText(error);
    return crmFailed(detail, `${system.name} refused: ${detail}`);
  }
}

export function crmAction<Api, A extends BotAction>(
  system: CrmSystem<Api>,
  work: CrmWork<Api, A>,
  parameters: (action: A) => Record<string, unknown> = () => NO_PARAMETERS,
): ActionRunner<A> {
  return {
    parameters,
    async run(turn, action, call): Promise<ToolResult> {
      const settings = action.settings as { integration_id?: string | null };
      const integration = await accountIntegration(turn, settings.integration_id);
      const outcome = await onRecord(system, turn.ctx, integration, turn.chat, (api, recordId) =>
        work(api, recordId, turn, action, call),
      );
      turn.actions.push({
        name: action.name,
        type: action.type ?? '',
        ok: outcome.ok,
        detail: outcome.detail,
      });
      return { content: JSON.stringify(outcome.say) };
    },
  };
}

/** Moving the dialogue's record to a pipeline's status: one CRM's way, shared by the action and `moveDeal`. */
export type StatusMove<Api> = (api: Api, recordId: string, target: DealTarget) => Promise<CrmOutcome>;

/** The Change deal status action of a CRM. */
export const statusAction = <Api>(system: CrmSystem<Api>, move: StatusMove<Api>) =>
  crmAction<Api, ActionOf<'change_deal_status'>>(system, (api, recordId, _turn, action) =>
    move(api, recordId, action.settings),
  );

/** The module's `moveDeal`: the same move, outside an answer (a payment link paid). */
export const dealMover =
  <Api>(system: CrmSystem<Api>, move: StatusMove<Api>): NonNullable<IntegrationModule['moveDeal']> =>
  async (ctx, integration, chat, target) => {
    const { ok, detail } = await onRecord(system, ctx, integration, chat, (api, recordId) =>
      move(api, recordId, target),
    );
    return { ok, detail };
  };
