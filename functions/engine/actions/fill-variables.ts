import type { BotAction } from '../../shared/schemas/bot-actions';
import { type ToolResult, type Turn, toolAnswer } from '../turn';
import type { ActionRunner } from './action-runner';

export type FillAction = Extract<BotAction, { type: 'fill_variables' }>;

const MAX_VALUE_LENGTH = 1000;

/** The tool lists each variable to fill as a string argument described by the bot's own description. */
export function fillVariablesParameters(
  action: FillAction,
  turn: Pick<Turn, 'bot'>,
): Record<string, unknown> {
  const descriptions = new Map(
    turn.bot.customVariables.map((variable) => [variable.name, variable.description]),
  );
  const properties: Record<string, unknown> = {};
  for (const name of action.settings.variables) {
    properties[name] = { type: 'string', description: descriptions.get(name) ?? name };
  }
  return { type: 'object', properties, additionalProperties: false };
}

/** Saves the values the model found; names the action does not list and empty values are ignored. */
export function runFillVariables(turn: Turn, action: FillAction, args: unknown): ToolResult {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    turn.actions.push({ name: action.name, type: 'fill_variables', ok: false, detail: 'invalid arguments' });
    return toolAnswer({ ok: false, error: 'Arguments must be a JSON object of variable values' });
  }
  const given = args as Record<string, unknown>;
  const saved: string[] = [];
  for (const name of action.settings.variables) {
    const raw = given[name];
    const value = typeof raw === 'number' || typeof raw === 'boolean' ? String(raw) : raw;
    if (typeof value !== 'string' || !value.trim()) continue;
    const text = value.trim().slice(0, MAX_VALUE_LENGTH);
    turn.variables[name] = text;
    turn.filled[name] = text;
    saved.push(name);
  }
  turn.actions.push({ name: action.name, type: 'fill_variables', ok: true, detail: saved.join(', ') });
  return toolAnswer({ ok: true, saved });
}

export const fillVariablesRunner: ActionRunner<FillAction> = {
  parameters: fillVariablesParameters,
  run: (turn, action, call) => runFillVariables(turn, action, call.arguments),
};
