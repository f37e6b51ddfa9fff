import type { LlmTool, LlmToolCall } from '../ports/llm';
import type { BotAction } from '../shared/schemas/bot-actions';
import { type FillAction, fillVariablesParameters, runFillVariables } from './actions/fill-variables';
import { runAutomaticStop, runStopBot, STOP_PARAMETERS, type StopAction } from './actions/stop-bot';
import { runWebhook, WEBHOOK_PARAMETERS, type WebhookAction } from './actions/webhook';
import { fillPlaceholders } from './placeholders';
import { placeholderValues, type ToolResult, type Turn, toolAnswer } from './turn';

/** The built-in tool of automatic stop. */
export const AUTOMATIC_STOP_TOOL = 'stop_dialog';

type Runnable = StopAction | WebhookAction | FillAction;

/** The action types this engine runs; CRM and booking actions come with their integrations. */
const isRunnable = (action: BotAction): action is Runnable =>
  action.type === 'stop_bot' || action.type === 'webhook' || action.type === 'fill_variables';

export interface TurnTools {
  tools: LlmTool[];
  /** Tool name → the action it runs; the automatic stop has no action. */
  actions: ReadonlyMap<string, Runnable>;
}

function describe(action: Runnable, values: Record<string, string>): string {
  const parts = [action.name, action.description, action.goal_prompt && `When: ${action.goal_prompt}`];
  return fillPlaceholders(parts.filter(Boolean).join('\n'), values).slice(0, 1024);
}

/** The bot's runnable actions offered to the model as tools, plus the automatic stop when set up. */
export function toolsFor(turn: Turn): TurnTools {
  const tools: LlmTool[] = [];
  const actions = new Map<string, Runnable>();
  const values = placeholderValues(turn);
  if (turn.bot.actionsEnable) {
    turn.bot.actions.forEach((action, index) => {
      if (!isRunnable(action)) return;
      const name = `${action.type}_${index + 1}`;
      const parameters =
        action.type === 'fill_variables'
          ? fillVariablesParameters(action, turn)
          : action.type === 'webhook'
            ? WEBHOOK_PARAMETERS
            : STOP_PARAMETERS;
      tools.push({ name, description: describe(action, values), parameters });
      actions.set(name, action);
    });
  }
  const { automatic_stop, interruption_cases } = turn.bot.stopLogic;
  if (automatic_stop && interruption_cases.length > 0) {
    tools.push({
      name: AUTOMATIC_STOP_TOOL,
      description: `Hand the dialogue over to a human and stop answering. Call it when: ${interruption_cases.join('; ')}`,
      parameters: STOP_PARAMETERS,
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
    return runAutomaticStop(turn);
  const action = tools.actions.get(call.name);
  if (!action) return toolAnswer({ ok: false, error: `Unknown tool ${call.name}` });
  switch (action.type) {
    case 'stop_bot':
      return runStopBot(turn, action, modelText);
    case 'webhook':
      return runWebhook(turn, action);
    case 'fill_variables':
      return runFillVariables(turn, action, call.arguments);
  }
}
