import { and, eq, inArray } from 'drizzle-orm';
import { integrations } from '../../db/schema';
import { moduleFor } from '../integrations/registry';
import type { LlmTool, LlmToolCall } from '../ports/llm';
import type { BotAction } from '../shared/schemas/bot-actions';
import { BUILT_IN_ACTIONS } from './actions';
import type { ActionRunner } from './actions/action-runner';
import { runAutomaticStop, stopParameters } from './actions/stop-bot';
import { idempotencyKey } from './actions/webhook';
import { fillPlaceholders } from './placeholders';
import { placeholderValues, type ToolResult, type Turn, toolAnswer } from './turn';

/** The built-in tool of automatic stop. */
export const AUTOMATIC_STOP_TOOL = 'stop_dialog';

interface ToolAction {
  action: BotAction;
  runner: ActionRunner;
}

export interface TurnTools {
  tools: LlmTool[];
  /** Tool name → the action it runs; the automatic stop has no action. */
  actions: ReadonlyMap<string, ToolAction>;
}

function describe(action: BotAction, values: Record<string, string>): string {
  const parts = [action.name, action.description, action.goal_prompt && `When: ${action.goal_prompt}`];
  return fillPlaceholders(parts.filter(Boolean).join('\n'), values).slice(0, 1024);
}

const integrationIdOf = (action: BotAction): string | null => {
  const id = (action.settings as { integration_id?: unknown }).integration_id;
  return typeof id === 'string' && id ? id : null;
};

/**
 * The runner of each action the engine can run now: a built-in one, or the one the named
 * integration's module offers (only for the account's integrations). One query, and only when an
 * action names an integration.
 */
async function runnersOf(turn: Turn, actions: BotAction[]): Promise<(ActionRunner | undefined)[]> {
  const ids = [...new Set(actions.map(integrationIdOf).filter((id): id is string => id !== null))];
  const types = new Map<string, string>();
  if (ids.length > 0) {
    const rows = await turn.ctx.ports.db
      .select({ id: integrations.id, type: integrations.type })
      .from(integrations)
      .where(and(eq(integrations.accountId, turn.account.id), inArray(integrations.id, ids)));
    for (const row of rows) types.set(row.id, row.type);
  }
  return actions.map((action) => {
    if (!action.type) return undefined;
    const builtIn = BUILT_IN_ACTIONS[action.type];
    if (builtIn) return builtIn;
    const type = types.get(integrationIdOf(action) ?? '');
    return type ? moduleFor(type)?.actions?.[action.type] : undefined;
  });
}

/** The bot's runnable actions offered to the model as tools, plus the automatic stop when set up. */
export async function toolsFor(turn: Turn): Promise<TurnTools> {
  const tools: LlmTool[] = [];
  const actions = new Map<string, ToolAction>();
  const values = placeholderValues(turn);
  if (turn.bot.actionsEnable) {
    const runners = await runnersOf(turn, turn.bot.actions);
    turn.bot.actions.forEach((action, index) => {
      const runner = runners[index];
      if (!runner) return;
      const name = `${action.type}_${index + 1}`;
      tools.push({
        name,
        description: describe(action, values),
        parameters: runner.parameters(action, turn),
      });
      actions.set(name, { action, runner });
    });
  }
  const { automatic_stop, interruption_cases } = turn.bot.stopLogic;
  if (automatic_stop && interruption_cases.length > 0) {
    tools.push({
      name: AUTOMATIC_STOP_TOOL,
      description: `Hand the dialogue over to a human and stop answering. Call it when: ${interruption_cases.join('; ')}`,
      parameters: stopParameters(turn.bot),
    });
  }
  return { tools, actions };
}

/** Runs one tool call; a tool the model made up is answered with an error it can correct. */
export async function runToolCall(
  turn: Turn,
  tools: TurnTools,
  call: LlmToolCall,
  modelText: string,
): Promise<ToolResult> {
  if (call.name === AUTOMATIC_STOP_TOOL && tools.tools.some((tool) => tool.name === call.name))
    return runAutomaticStop(turn, call.arguments);
  const found = tools.actions.get(call.name);
  if (!found) return toolAnswer({ ok: false, error: `Unknown tool ${call.name}` });
  const values = placeholderValues(turn);
  return found.runner.run(turn, found.action, {
    arguments: call.arguments,
    modelText,
    fill: (template) => fillPlaceholders(template, values),
    effectKey: `${idempotencyKey(turn)}:${found.action.id}`,
  });
}
